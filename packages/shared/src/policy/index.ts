export * from './donor.js';
export * from './note.js';
export * from './subject.js';
