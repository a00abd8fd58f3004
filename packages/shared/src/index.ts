// The contract shared by server and web: schemas (Z…/T…) and pure domain rules.
export * from './domain/roles.ts';
export * from './domain/messages.ts';
export * from './domain/login-timeouts.ts';
export * from './domain/app-routes.ts';
export * from './domain/lead-columns.ts';
export * from './domain/survey.ts';
export * from './schemas/common.ts';
export * from './schemas/auth.ts';
export * from './schemas/campaigns.ts';
export * from './schemas/agents.ts';
export * from './schemas/users.ts';
export * from './schemas/data-tables.ts';
export * from './schemas/dashboard.ts';
export * from './schemas/dialer.ts';
export * from './schemas/questions.ts';
export * from './schemas/logic.ts';
