export { openStorage, storageFailureOf, DATABASE_FILE, type Storage, type StorageHealth } from './database';
export { createSealer, createSealerSource, type Sealer } from './sealer';
export { migrations } from './migrations';
export { importLegacyData, type LegacySource } from './legacy/legacy-import';
export { legacySources } from './legacy';
export { isUniqueViolation } from './sqlite-errors';
