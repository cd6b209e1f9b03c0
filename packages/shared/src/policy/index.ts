export * from './donor.js';
export * from './file.js';
export * from './match.js';
export * from './note.js';
export * from './portfolio.js';
export * from './question.js';
export * from './subject.js';
export * from './user.js';
