/**
 * The network module: members and the binary tree, placement, the downline, the public figures
 * (income disclosure, public information).
 *
 * What other modules, the surfaces, the jobs and the server may use of it: everything else is
 * internal (eslint: modules import each other only through index.ts).
 */
export { downlineRoutes } from './downline/routes';
export { memberRoutes } from './members/routes';
export { incomeDisclosure } from './public/income-disclosure-service';
export { publicInfoRoutes } from './public/routes';
export { loadCompanyInfo } from './public/service';
export { jumpFor } from './tree/jump';
