export * from './account.js';
export * from './api-keys.js';
export * from './api-paths.js';
export * from './auth.js';
export * from './conversion.js';
export * from './conversion-schema.js';
export * from './downloads.js';
export * from './offer.js';
export * from './pages.js';
export * from './payments.js';
export * from './plans.js';
export * from './settings.js';
export * from './settings-schema.js';
export * from './upload.js';

/** The body of every error response. */
export interface ErrorBody {
  message: string;
}
