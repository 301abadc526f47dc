/** The `maxUsers` bound of the in-memory stores (token store, refresh ledger). */
import { ConfigurationError } from '@viewlink/transport';

/** `value`, or `fallback` when absent; 0 or less would drop every entry as soon as it is written. */
export function maxUsersOption(value: number | undefined, fallback: number, owner: string): number {
  const maxUsers = value ?? fallback;
  if (!Number.isInteger(maxUsers) || maxUsers < 1)
    throw new ConfigurationError(`\`maxUsers\` of ${owner} must be a positive integer`);
  return maxUsers;
}
