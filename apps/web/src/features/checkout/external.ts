/**
 * Leaves the app for a payment provider's page (3-D Secure, Paymob's checkout, Fawry's card
 * page). Its own module so tests can replace it.
 */
export function goToExternalPage(url: string): void {
  window.location.assign(url);
}
