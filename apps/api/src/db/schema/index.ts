export * from './centers.js';
export * from './donor-activity.js';
export * from './donor-profile.js';
export * from './donors.js';
export * from './mail.js';
export * from './reference.js';
export * from './search.js';
export * from './users.js';
