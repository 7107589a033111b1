// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import type { OtpTransaction } from '@portal/contracts/identity';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n/i18n';
import { stubMatchMedia } from '../../lib/testing/match-media';
import { DeliveryNotice } from './delivery-notice';

beforeAll(() => {
  stubMatchMedia();
  initI18n('th');
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('th');
});

const wrap = (ui: ReactNode) =>
  render(
    <MantineProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );

const tx = (delivery: OtpTransaction['delivery'], channel: OtpTransaction['channel'] = 'sms') => ({
  delivery,
  channel,
  username: channel === 'sms' ? '0812345678' : 'somchai@example.com',
});
const otherWay = { to: '/auth/resend_verify_code', label: 'ยืนยันทางอีเมลแทน' };

describe('the code screen when the code did not go out', () => {
  it('says nothing while the SMS is on its way or once it was sent', () => {
    for (const d of ['pending', 'sent'] as const) {
      wrap(<DeliveryNotice tx={tx(d)} otherWay={otherWay} />);
      expect(screen.queryByTestId('otp-delivery')).toBeNull();
      cleanup();
    }
  });

  it('when the SMS could not be sent then it says so in Thai as an alert, with the e-mail way', () => {
    wrap(<DeliveryNotice tx={tx('failed')} otherWay={otherWay} />);
    const notice = screen.getByTestId('otp-delivery');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain(
      'ไม่สามารถส่ง SMS ไปที่ 0812345678 ได้ กรุณาขอรหัสใหม่ด้านล่าง หรือยืนยันทางอีเมลแทน',
    );
    expect(screen.getByRole('link', { name: 'ยืนยันทางอีเมลแทน' }).getAttribute('href')).toBe(
      '/auth/resend_verify_code',
    );
  });

  it('when a try failed and it is tried again then it says so in English for an English reader', async () => {
    await i18n.changeLanguage('en');
    wrap(
      <DeliveryNotice tx={tx('retrying')} otherWay={{ ...otherWay, label: 'Confirm by e-mail instead' }} />,
    );
    const notice = screen.getByTestId('otp-delivery');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toContain(
      'We have not been able to send the SMS to 0812345678 yet and keep trying.',
    );
  });

  it('when the code went by e-mail then the e-mail is named and no e-mail way is offered', () => {
    wrap(<DeliveryNotice tx={tx('failed', 'email')} otherWay={otherWay} />);
    expect(screen.getByTestId('otp-delivery').textContent).toContain(
      'ไม่สามารถส่งอีเมลไปที่ somchai@example.com ได้',
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
