export { openStorage, DATABASE_FILE, type Storage } from './database';
export { createSealer, createSealerSource, type Sealer } from './sealer';
export { migrations } from './migrations';
export { importLegacyData } from './legacy/legacy-import';
export { legacySources } from './legacy';
export { isUniqueViolation } from './sqlite-errors';
