// Every table of the application; drizzle-kit reads this file to generate migrations.
export * from './users';
export * from './accounts';
export * from './telegram';
export * from './payments';
export * from './lessons';
export * from './ratings';
export * from './assets';
export * from './whatsapp';
export * from './chat';
export * from './contact';
export * from './media';
export * from './earnings';
export * from './interviews';
export * from './invites';
export * from './settings';
export * from './reports';
