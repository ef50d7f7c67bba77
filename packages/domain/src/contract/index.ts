export * from './endpoint';
export * from './page';
export * from './route';
