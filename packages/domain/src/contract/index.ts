export * from './endpoint';
export * from './page';
