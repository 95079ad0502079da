/**
 * A page past the end of an API list is empty and names the page asked for: a "load more"
 * client then stops, where the shop's HTML pages (and the services they share) show the
 * last page instead. A service that clamped answers with a lower page than was asked for.
 */
export function pastTheEnd<T extends { records: unknown[]; page: number }>(list: T, requested: number | undefined): T {
  return requested !== undefined && requested > list.page ? { ...list, records: [], page: requested } : list;
}
