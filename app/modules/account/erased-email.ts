/**
 * What an erased customer's orders carry instead of their e-mail (GDPR erasure, decision
 * 0040): a placeholder that can reach nobody, unique per order. Documents leave it out.
 */
export function erasedOrderEmail(orderId: number): string {
  return `obrisano-${orderId}@invalid`;
}

export function isErasedEmail(email: string): boolean {
  return /^obrisano-\d+@invalid$/.test(email);
}
