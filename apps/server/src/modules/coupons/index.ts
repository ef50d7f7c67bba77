/** Coupons: discount codes (admins manage them; checkout applies them). */
export { couponRoutes } from './routes';
export { findActiveCoupon } from './service';
