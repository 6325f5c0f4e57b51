/** The expiring-password page's heading and lead for the days left (0 or less: expired). */
export function expiryText(daysLeft: number): { title: string; lead: string } {
  if (daysLeft < 1) {
    return {
      title: 'Your password has expired',
      lead: 'Choose a new password to continue.',
    };
  }
  const days = daysLeft === 1 ? '1 day' : `${daysLeft} days`;
  return {
    title: 'Your password is expiring',
    lead: `Your password expires in ${days}. Choose a new one now, or be reminded tomorrow.`,
  };
}
