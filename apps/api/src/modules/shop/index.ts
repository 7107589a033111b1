/**
 * The shop module: catalog and staff products, cart, checkout, payments, orders and the staff
 * orders desk, stock holds, community shops and their dropship income, the shop session.
 *
 * What other modules, the surfaces, the jobs and the server may use of it: everything else is
 * internal (eslint: modules import each other only through index.ts).
 */
export type { Actor } from './audit';
export { cartRoutes } from './cart/routes';
export { makeProductPicture, pictureKeys } from './catalog/images';
export { findProducts, type ProductRow } from './catalog/repository';
export { catalogRoutes } from './catalog/routes';
export { staffProductRoutes } from './catalog/staff-routes';
export { ensurePackageProducts, packageChoice, preparePackageProducts } from './checkout/packages';
export { type DraftLine, placeOrder } from './checkout/place';
export { sha256, shippingFee } from './checkout/pricing';
export { shippingAddressOf } from './checkout/service';
export { dropshipRoutes } from './community/dropship-routes';
export { communityRoutes } from './community/routes';
export { lockOrder } from './orders/repository';
export { orderRoutes } from './orders/routes';
export { cancelLocked, expireUnpaidOrders } from './orders/service';
export { staffOrderRoutes } from './orders/staff-routes';
export { shopPublicRoutes } from './public-routes';
export { shopSessionRoutes } from './session/routes';
export { coolingOffRoutes, staffCoolingOffRoutes } from './cooling-off/routes';
export { saleDocumentRoutes, staffSaleDocumentRoutes } from './sale-document/routes';
export { taxRoutes } from './tax/routes';
export { staffTaxRoutes } from './tax/staff-routes';
export { taxSeller } from './tax/service';
