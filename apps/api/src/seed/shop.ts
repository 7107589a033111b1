import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bundleComponents, productImages, products } from '../db/schema/shop';
import { planFor } from '../compensation/plan';
import { bangkokDate } from '@portal/plan/dates';
import { discard, type Storage } from '../lib/storage';
import { makeProductPicture, pictureKeys, ensurePackageProducts } from '../modules/shop';
/** code, category, Thai name, English name, retail, member price, PV, LVP, stock */
type Row = [string, 'health' | 'beauty' | 'home', string, string, string, string, number, number, number];

const CATALOG: Row[] = [
  ['H001', 'health', 'ชาสมุนไพรใบหม่อน', 'Mulberry leaf herbal tea', '490.00', '350.00', 150, 10, 120],
  ['H002', 'health', 'วิตามินซี 1000 มก.', 'Vitamin C 1000 mg', '590.00', '420.00', 160, 12, 200],
  ['H003', 'health', 'น้ำมันปลาโอเมก้า 3', 'Omega-3 fish oil', '890.00', '650.00', 250, 18, 80],
  ['H004', 'health', 'คอลลาเจนชนิดผง', 'Collagen powder', '1290.00', '950.00', 350, 25, 60],
  ['H005', 'health', 'โปรไบโอติกส์แคปซูล', 'Probiotic capsules', '790.00', '580.00', 200, 15, 90],
  ['H006', 'health', 'เครื่องดื่มธัญพืชรวม', 'Multigrain drink', '350.00', '260.00', 80, 6, 150],
  ['H007', 'health', 'ขมิ้นชันแคปซูล', 'Turmeric capsules', '420.00', '300.00', 110, 8, 140],
  ['H008', 'health', 'น้ำผึ้งป่าแท้', 'Wild forest honey', '380.00', '280.00', 90, 7, 70],
  ['H009', 'health', 'กระชายดำสกัด', 'Black galingale extract', '650.00', '480.00', 180, 12, 50],
  ['H010', 'health', 'เวย์โปรตีนรสช็อกโกแลต', 'Chocolate whey protein', '1490.00', '1100.00', 400, 30, 40],
  ['B001', 'beauty', 'เซรั่มหน้าใส', 'Brightening serum', '890.00', '620.00', 220, 15, 100],
  ['B002', 'beauty', 'ครีมกันแดด SPF50', 'Sunscreen SPF50', '450.00', '320.00', 110, 8, 160],
  ['B003', 'beauty', 'โฟมล้างหน้าสูตรอ่อนโยน', 'Gentle facial foam', '290.00', '200.00', 60, 4, 180],
  ['B004', 'beauty', 'ครีมบำรุงผิวกลางคืน', 'Night cream', '990.00', '700.00', 260, 18, 70],
  ['B005', 'beauty', 'แชมพูสมุนไพร', 'Herbal shampoo', '320.00', '220.00', 70, 5, 130],
  ['B006', 'beauty', 'ครีมนวดผมสมุนไพร', 'Herbal conditioner', '320.00', '220.00', 70, 5, 130],
  ['B007', 'beauty', 'โลชั่นบำรุงผิวกาย', 'Body lotion', '390.00', '270.00', 90, 6, 110],
  ['B008', 'beauty', 'ลิปบาล์มน้ำผึ้ง', 'Honey lip balm', '150.00', '100.00', 30, 2, 250],
  ['B009', 'beauty', 'มาสก์หน้าแผ่น (10 แผ่น)', 'Sheet masks (10)', '490.00', '340.00', 120, 9, 90],
  ['B010', 'beauty', 'สบู่น้ำผึ้ง', 'Honey soap', '120.00', '85.00', 25, 2, 300],
  ['L001', 'home', 'น้ำยาล้างจานสูตรอ่อนโยน', 'Gentle dish soap', '89.00', '69.00', 20, 2, 400],
  ['L002', 'home', 'น้ำยาซักผ้า', 'Laundry liquid', '249.00', '189.00', 55, 4, 220],
  ['L003', 'home', 'น้ำยาปรับผ้านุ่ม', 'Fabric softener', '199.00', '149.00', 45, 3, 220],
  ['L004', 'home', 'น้ำยาถูพื้นตะไคร้หอม', 'Citronella floor cleaner', '159.00', '119.00', 35, 3, 200],
  ['L005', 'home', 'สเปรย์ปรับอากาศ', 'Air freshener spray', '179.00', '129.00', 40, 3, 160],
  ['L006', 'home', 'ถุงขยะย่อยสลายได้', 'Compostable bin bags', '129.00', '95.00', 25, 2, 300],
  ['L007', 'home', 'ผ้าไมโครไฟเบอร์ (3 ผืน)', 'Microfibre cloths (3)', '199.00', '149.00', 40, 3, 180],
  ['L008', 'home', 'น้ำยาทำความสะอาดห้องน้ำ', 'Bathroom cleaner', '169.00', '125.00', 35, 3, 170],
  ['L009', 'home', 'เหยือกกรองน้ำ', 'Water filter jug', '1290.00', '990.00', 300, 20, 45],
  ['L010', 'home', 'ไส้กรองน้ำ (2 ชิ้น)', 'Filter cartridges (2)', '490.00', '370.00', 110, 8, 120],
];

/** code, category, Thai name, English name, retail, member, PV, LVP, stock, parts */
const BUNDLES: [...Row, [string, number][]][] = [
  [
    'X001',
    'health',
    'ชุดสุขภาพเริ่มต้น',
    'Health starter set',
    '1290.00',
    '950.00',
    420,
    28,
    40,
    [
      ['H001', 1],
      ['H002', 1],
      ['H007', 1],
    ],
  ],
  [
    'X002',
    'home',
    'ชุดแม่บ้านประหยัด',
    'Home care saver set',
    '549.00',
    '420.00',
    130,
    9,
    60,
    [
      ['L001', 2],
      ['L002', 1],
      ['L003', 1],
    ],
  ],
];

const DESCRIPTION: Record<Row[1], [string, string]> = {
  health: [
    'ผลิตภัณฑ์เสริมอาหารคุณภาพ ผ่านการรับรอง อย.',
    'A quality food supplement, registered with the Thai FDA.',
  ],
  beauty: ['ผลิตภัณฑ์ดูแลผิวและเส้นผม อ่อนโยน ไม่มีพาราเบน', 'Gentle skin and hair care, free of parabens.'],
  home: [
    'ของใช้ในบ้าน สะอาด ปลอดภัย เป็นมิตรกับสิ่งแวดล้อม',
    'Household care that is clean, safe and kind to the environment.',
  ],
};

/** A simple drawn product (no text, no fonts, nothing fetched): a bottle, a jar or a box on a tinted background. */
export function productSvg(shape: 'bottle' | 'jar' | 'box' | 'badge', hue: number): string {
  const bg = `hsl(${hue},45%,92%)`;
  const main = `hsl(${hue},55%,48%)`;
  const dark = `hsl(${hue},55%,32%)`;
  const art = {
    bottle: `<rect x="225" y="120" width="150" height="60" rx="12" fill="${dark}"/>
      <rect x="175" y="170" width="250" height="330" rx="40" fill="${main}"/>
      <rect x="205" y="260" width="190" height="130" rx="14" fill="#ffffff" opacity="0.85"/>`,
    jar: `<rect x="170" y="190" width="260" height="70" rx="16" fill="${dark}"/>
      <rect x="150" y="250" width="300" height="230" rx="50" fill="${main}"/>
      <ellipse cx="300" cy="365" rx="95" ry="55" fill="#ffffff" opacity="0.85"/>`,
    box: `<polygon points="300,120 480,210 300,300 120,210" fill="${dark}"/>
      <polygon points="120,210 300,300 300,500 120,410" fill="${main}"/>
      <polygon points="480,210 300,300 300,500 480,410" fill="hsl(${hue},55%,40%)"/>`,
    badge: `<circle cx="300" cy="290" r="170" fill="${main}"/>
      <circle cx="300" cy="290" r="120" fill="none" stroke="#ffffff" stroke-width="16" opacity="0.85"/>
      <polygon points="230,440 300,400 370,440 370,540 300,500 230,540" fill="${dark}"/>`,
  }[shape];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
    <rect width="600" height="600" fill="${bg}"/><ellipse cx="300" cy="520" rx="190" ry="26" fill="#000" opacity="0.08"/>${art}</svg>`;
}

/**
 * The demo catalog (issue 7 section 5): thirty products in Thai and English (health, beauty, home),
 * two bundles and the plan's four packages, each with a drawn picture. Only into an empty catalog:
 * a catalog that has any product but the packages is left as it is.
 */
export async function seedShop(db: Db, opts: { storage?: Storage } = {}): Promise<boolean> {
  await ensurePackageProducts(db, await planFor(db, bangkokDate(new Date())));
  const [{ n } = { n: 0 }] = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from products where kind <> 'PACKAGE'`)
  ).rows;
  if (n > 0) return false;

  const pictures = new Map<string, { original: string; thumbnail: string }>();
  const written: string[] = [];
  const draw = async (code: string, shape: Parameters<typeof productSvg>[0], hue: number) => {
    if (!opts.storage) return;
    const png = await sharp(Buffer.from(productSvg(shape, hue)))
      .png()
      .toBuffer();
    const picture = await makeProductPicture(png, 10 * 1024 * 1024);
    const keys = pictureKeys(picture.ext);
    await opts.storage.put(keys.original, picture.original);
    await opts.storage.put(keys.thumbnail, picture.thumbnail);
    written.push(keys.original, keys.thumbnail);
    pictures.set(code, keys);
  };
  const shapes = { health: 'bottle', beauty: 'jar', home: 'box' } as const;
  const hues = { health: 140, beauty: 330, home: 200 };
  try {
    for (const [i, row] of [...CATALOG, ...BUNDLES].entries()) {
      await draw(row[0], row.length > 9 ? 'box' : shapes[row[1]], (hues[row[1]] + (i % 10) * 9) % 360);
    }
    const packages = await db.select().from(products).where(eq(products.kind, 'PACKAGE'));
    for (const [i, p] of packages.entries()) await draw(p.code, 'badge', [30, 210, 45, 260][i % 4]!);

    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(products)
        .values(
          [...CATALOG, ...BUNDLES].map(([code, category, th, en, retail, member, pv, lvp, stock], i) => ({
            code,
            kind: code.startsWith('X') ? 'BUNDLE' : 'PRODUCT',
            category,
            nameTh: th,
            nameEn: en,
            descriptionTh: DESCRIPTION[category][0],
            descriptionEn: DESCRIPTION[category][1],
            retailPrice: retail,
            memberPrice: member,
            pvPerUnit: pv,
            lvpPerUnit: lvp,
            stock,
            sortOrder: 10 + i,
          })),
        )
        .returning({ id: products.id, code: products.code });
      const id = (code: string) =>
        (inserted.find((r) => r.code === code) ?? packages.find((p) => p.code === code))!.id;
      for (const [code, , , , , , , , , parts] of BUNDLES) {
        await tx
          .insert(bundleComponents)
          .values(parts.map(([part, qty]) => ({ bundleId: id(code), componentId: id(part), qty })));
      }
      const images = [...pictures].map(([code, keys]) => ({
        productId: id(code),
        storageKey: keys.original,
        thumbnailKey: keys.thumbnail,
      }));
      if (images.length) await tx.insert(productImages).values(images);
    });
  } catch (err) {
    // The pictures were written before the rows; a failed seed leaves none behind.
    if (opts.storage) await discard(opts.storage, written);
    throw err;
  }
  return true;
}
