/** Leaves for the link's target, replacing `/url/{name}` in the history (Back skips it). */
export function replaceLocation(href: string): void {
  location.replace(href);
}
