/** The zone reminders should follow: this browser's (an IANA name, validated again by the server). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
