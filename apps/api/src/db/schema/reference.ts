import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(), // ISO 3166-1 numeric
  code: text('code').notNull(), // alpha-2
  alpha3: text('alpha3').notNull(),
  nameTh: text('name_th').notNull(),
  nameEn: text('name_en').notNull(),
});

export const provinces = pgTable('provinces', {
  id: integer('id').primaryKey(),
  code: integer('code').notNull(),
  nameTh: text('name_th').notNull(),
  nameEn: text('name_en').notNull(),
});

export const districts = pgTable(
  'districts',
  {
    id: integer('id').primaryKey(),
    code: integer('code').notNull(),
    provinceId: integer('province_id')
      .notNull()
      .references(() => provinces.id),
    nameTh: text('name_th').notNull(),
    nameEn: text('name_en').notNull(),
  },
  (t) => [index('districts_province_idx').on(t.provinceId)],
);

export const subdistricts = pgTable(
  'subdistricts',
  {
    id: integer('id').primaryKey(),
    code: integer('code').notNull(),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id),
    nameTh: text('name_th').notNull(),
    nameEn: text('name_en').notNull(),
    postCode: text('post_code').notNull(),
  },
  (t) => [index('subdistricts_district_idx').on(t.districtId)],
);
