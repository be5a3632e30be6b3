/**
 * Password hashing. argon2id (the library's default algorithm) with 12 MiB and 3 passes: one of
 * OWASP's equivalent recommended settings (with 19 MiB / 2 passes), and the one that costs least
 * here (~9 ms instead of ~12 ms on the 2-core machine), which keeps sign-in above 100 per second.
 * Hashes carry their own parameters, so hashes made with other settings still verify.
 */
import { hash, verify } from "@node-rs/argon2";

const ARGON2_OPTIONS = { memoryCost: 12_288, timeCost: 3, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/** A hash of a random password, verified against when the account does not exist, so a wrong
 * account name costs the same time as a wrong password (no user enumeration by timing). */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
