/**
 * The Nigeria Uniform Bank Account Number (NUBAN) check digit, as the Central Bank of Nigeria's revised standard
 * (March 2020) defines it: the bank's code made six digits ('000' before a deposit money bank's three, '9' before
 * another institution's five), then the nine-digit serial, weighted 3, 7, 3 in turn; the tenth digit is what brings
 * the sum to a multiple of ten. Decision 0030 says why a six-digit code (mobile money operators, whose account
 * numbers follow phone numbers) is checked for ten digits only.
 */

export const NUBAN_LENGTH = 10;

/** The bank code as the check digit uses it, or null when the standard does not cover it. */
export function nubanBankCode(code: string): string | null {
  if (/^\d{3}$/.test(code)) return `000${code}`;
  if (/^\d{5}$/.test(code)) return `9${code}`;
  return null;
}

/** The check digit of a nine-digit serial at a bank (six-digit code from nubanBankCode). */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  const digits = `${bankCode}${serial}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * [3, 7, 3][i % 3];
  return (10 - (sum % 10)) % 10;
}

/** Ten digits, and, where the bank's code allows the check, the right check digit for that bank. */
export function isNuban(accountNumber: string, bankCode: string): boolean {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  const code = nubanBankCode(bankCode);
  if (code === null) return true;
  return nubanCheckDigit(code, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}
