/**
 * A Croatian OIB: 11 digits whose last is the ISO 7064 MOD 11,10 check digit of the first ten.
 */
export function isValidOib(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let carry = 10;
  for (let i = 0; i < 10; i++) {
    let sum = (carry + Number(value[i])) % 10;
    if (sum === 0) sum = 10;
    carry = (sum * 2) % 11;
  }
  const check = (11 - carry) % 10;
  return check === Number(value[10]);
}
