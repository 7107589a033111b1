import type { ShippingAddress } from '@portal/contracts/shop';
import { COOLING_OFF_DAYS, REFUND_DAYS, type SaleDocument } from '@portal/contracts/sale-document';
import { addDays, bangkokDate } from '@portal/plan/dates';
import { baht, satang } from '@portal/plan/money';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { companyInfo } from '../../../lib/company';
import { AppError } from '../../../lib/errors';
import { closePdfRenderer, RendererBusy, renderPdf } from '../../../lib/pdf-renderer';
import { templates } from '../../../lib/templates';
import { type NewMessage, queueMessages } from '../../accounts';
import { pick, type Lang } from '../language';
import { itemsOf, type OrderRecord } from '../orders/repository';

/**
 * The sale document of a community-shop sale (Direct Sales and Direct Marketing Act B.E. 2545,
 * section 30; decision 041): the company and the member who sold as its independent distributor,
 * the guest who bought, the sale and delivery dates, the goods, and the right to cancel within
 * COOLING_OFF_DAYS of receiving the goods. Read from the order as it stands: the delivery date
 * appears once staff mark the order delivered.
 */
export async function saleDocument(ctx: AppContext, rec: OrderRecord, lang: Lang): Promise<SaleDocument> {
  if (rec.shop.channel !== 'COMMUNITY')
    throw new AppError(404, 'NOT_FOUND', 'Only a community-shop sale has a sale document');
  const company = companyInfo(ctx.config.companyFile);
  const items = (await itemsOf(ctx.db, [rec.order.id])).get(rec.order.id) ?? [];
  const customer = rec.shop.customer as { name: string; telephone: string; email?: string | null };
  const address = rec.shop.shippingAddress as ShippingAddress | null;
  const delivered = rec.shop.deliveredAt ? bangkokDate(rec.shop.deliveredAt) : null;
  return {
    order_no: rec.order.orderNo,
    sale_date: bangkokDate(rec.order.createdAt),
    delivery: {
      method: rec.shop.deliveryMethod as 'shipping' | 'pickup',
      date: delivered,
      address: address
        ? [address.address_line, address.subdistrict, address.district, address.province, address.post_code]
            .filter(Boolean)
            .join(' ')
        : null,
    },
    seller: {
      company: {
        name: pick(lang, company.name.th, company.name.en),
        address: pick(lang, company.address.th, company.address.en),
        tax_id: company.tax_id,
        phone: company.phone,
        email: company.email,
        registration: company.registration
          ? pick(lang, company.registration.th, company.registration.en)
          : null,
      },
      distributor: { name: rec.buyerName, member_code: rec.memberCode },
    },
    buyer: { name: customer.name, telephone: customer.telephone, email: customer.email ?? null },
    items: items.map((i) => ({
      name: i.nameTh !== null && i.nameEn !== null ? pick(lang, i.nameTh, i.nameEn) : i.item.productName,
      quantity: i.item.qty,
      unit_price: i.item.unitPrice,
      amount: baht(satang(i.item.unitPrice) * BigInt(i.item.qty)),
    })),
    shipping: rec.order.shippingAmount,
    total: rec.order.totalAmount,
    cancel: {
      days: COOLING_OFF_DAYS,
      ends_on: delivered ? addDays(delivered, COOLING_OFF_DAYS) : null,
      refund_days: REFUND_DAYS,
    },
  };
}

/** Stops the PDF worker (the server's shutdown). */
export const closeSaleDocumentRenderer = closePdfRenderer;

/** The sale document as a PDF in Thai (the Act's language) or English, rendered in the PDF worker. */
export async function saleDocumentPdf(ctx: AppContext, rec: OrderRecord, lang: Lang) {
  const doc = await saleDocument(ctx, rec, lang);
  try {
    const pdf = await renderPdf(new URL('./pdf-worker.ts', import.meta.url), { doc, lang });
    return { pdf, name: `sale-document-${doc.order_no}${lang === 'en' ? '-en' : ''}.pdf` };
  } catch (err) {
    if (err instanceof RendererBusy)
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Documents are being prepared: try again in a moment');
    throw err;
  }
}

/**
 * The sale document by e-mail or SMS (decision 041): written to the message outbox in the order's
 * own transaction, so a placed order always has its message and a rolled-back one none. The message
 * carries the link to the guest's order page (the order number and its guest key, which opens that
 * one order and nothing else), in the language the guest ordered in; by e-mail when the guest gave
 * one, by SMS to their telephone otherwise. The caller calls messagesQueued() once committed.
 */
export async function queueSaleDocumentLink(
  tx: Tx,
  ctx: AppContext,
  sale: {
    orderNo: string;
    shopCode: string;
    guestKey: string;
    customer: { name: string; telephone: string; email?: string | null | undefined };
    lang: Lang;
  },
): Promise<void> {
  const company = companyInfo(ctx.config.companyFile);
  const query = new URLSearchParams({ shop: sale.shopCode, key: sale.guestKey });
  const link = `${ctx.config.publicUrl}/ecommerce/orders/${encodeURIComponent(sale.orderNo)}?${query}`;
  const { lang, orderNo } = sale;
  const message: NewMessage = sale.customer.email
    ? {
        channel: 'email',
        to: sale.customer.email,
        ...templates.saleDocumentEmail(lang, {
          name: sale.customer.name,
          orderNo,
          company: pick(lang, company.name.th, company.name.en),
          link,
          days: COOLING_OFF_DAYS,
        }),
        purpose: 'sale-document',
        language: lang,
        link,
      }
    : {
        channel: 'sms',
        to: sale.customer.telephone,
        text: templates.saleDocumentSms(lang, { orderNo, link, days: COOLING_OFF_DAYS }),
        purpose: 'sale-document',
        language: lang,
        link,
      };
  await queueMessages(tx, ctx.config, [message]);
}
