/**
 * The operations module: what an operator watches from the staff desk (the backups so far).
 *
 * What the surfaces may use of it: everything else is internal (eslint: modules import each other
 * only through index.ts).
 */
export { staffBackupRoutes } from './backups-routes';
