import { createRequire } from 'node:module';
import type isoCountriesModule from 'i18n-iso-countries';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { countries, districts, provinces, subdistricts } from './schema/reference';

const require = createRequire(import.meta.url);

interface Place {
  id: number;
  code: number;
  name_in_thai: string;
  name_in_english: string;
}

function chunk<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export async function loadReferenceData(db: Db): Promise<void> {
  const [{ n } = { n: 0 }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from provinces`))
    .rows;
  if (n > 0) return;

  const isoCountries = require('i18n-iso-countries') as typeof isoCountriesModule;
  isoCountries.registerLocale(require('i18n-iso-countries/langs/en.json'));
  isoCountries.registerLocale(require('i18n-iso-countries/langs/th.json'));
  const address = require('@bilions/thailand-address') as {
    provinces: Place[];
    districts: (Place & { province_id: number })[];
    subDistricts: (Place & { district_id: number; zip_code: number })[];
  };

  const countryRows = Object.keys(isoCountries.getAlpha2Codes()).map((alpha2) => ({
    id: Number(isoCountries.alpha2ToNumeric(alpha2)),
    code: alpha2,
    alpha3: isoCountries.alpha2ToAlpha3(alpha2) ?? alpha2,
    nameEn: isoCountries.getName(alpha2, 'en') ?? alpha2,
    nameTh: isoCountries.getName(alpha2, 'th') ?? isoCountries.getName(alpha2, 'en') ?? alpha2,
  }));

  await db.transaction(async (tx) => {
    for (const part of chunk(countryRows, 500)) await tx.insert(countries).values(part).onConflictDoNothing();
    await tx.insert(provinces).values(
      address.provinces.map((p) => ({
        id: p.id,
        code: p.code,
        nameTh: p.name_in_thai,
        nameEn: p.name_in_english,
      })),
    );
    for (const part of chunk(address.districts, 1000)) {
      await tx.insert(districts).values(
        part.map((d) => ({
          id: d.id,
          code: d.code,
          provinceId: d.province_id,
          // Bangkok's districts carry a "เขต " prefix in the package; the portal shows the bare name.
          nameTh: d.name_in_thai.replace(/^เขต\s+/, ''),
          nameEn: d.name_in_english,
        })),
      );
    }
    for (const part of chunk(address.subDistricts, 1000)) {
      await tx.insert(subdistricts).values(
        part.map((s) => ({
          id: s.id,
          code: s.code,
          districtId: s.district_id,
          nameTh: s.name_in_thai,
          nameEn: s.name_in_english,
          postCode: String(s.zip_code).padStart(5, '0'),
        })),
      );
    }
  });
}
