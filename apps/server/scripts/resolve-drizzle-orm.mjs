// Module resolve hook for scripts/drizzle-kit.mjs: resolve drizzle-orm as apps/server does.
const serverPackage = new URL('../package.json', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const isOrm = specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');
  return nextResolve(specifier, isOrm ? { ...context, parentURL: serverPackage } : context);
}
