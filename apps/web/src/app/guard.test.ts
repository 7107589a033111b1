import { describe, expect, it } from 'vitest';
import type { SuspensionEntry, User } from '@portal/contracts/identity';
import { decide, type GuardInput } from './guard';

type GuardUser = NonNullable<GuardInput['user']>;

function entry(status: SuspensionEntry['status']): SuspensionEntry {
  return {
    id: 1,
    period: 'suspended',
    status,
    days_left: null,
    suspended_at: null,
    message: 'm',
    message_th: 'ม',
    created_at: '2026-01-01T00:00:00Z',
  };
}

function member(suspension: SuspensionEntry[] = []): User['member'] {
  return {
    id: 1,
    memberCode: 'M0001',
    member_uuid: 'u',
    first_name: 'A',
    last_name: 'B',
    phone_number: '0800000001',
    email: 'a@b.test',
    birthday: null,
    gender: 'male',
    referrer_member_id: null,
    is_placed: true,
    suspension,
  };
}

const verified: GuardUser = { is_verifies_email: true, is_verifies_mobile: false, member: member() };
const mobileOnly: GuardUser = { is_verifies_email: false, is_verifies_mobile: true, member: member() };
const unverified: GuardUser = { is_verifies_email: false, is_verifies_mobile: false, member: member() };
const suspended: GuardUser = { ...verified, member: member([entry('active'), entry('warning')]) };

const visitor = (path: string) => decide({ path, signedIn: false, user: null });
const as = (user: GuardUser, path: string) => decide({ path, signedIn: true, user });

describe('route guard', () => {
  describe('when a visitor is not signed in', () => {
    it('sends a page that needs sign-in to login with next', () => {
      expect(visitor('/dashboard')).toBe('/auth/login?next=%2Fdashboard');
      expect(visitor('/notifications?page=2')).toBe('/auth/login?next=%2Fnotifications%3Fpage%3D2');
      expect(visitor('/')).toBe('/auth/login?next=%2F');
    });

    it('treats pages of later issues as needing sign-in too', () => {
      expect(visitor('/organization')).toBe('/auth/login?next=%2Forganization');
    });

    it('lets them open the auth pages and the public pages', () => {
      for (const path of [
        '/auth',
        '/auth/login',
        '/auth/forgot_password',
        '/auth/verify_code?flow=reset&token=t',
        '/auth/reset_password/abc',
        '/auth/register/INV123',
        '/auth/activate?token=x',
        '/auth/Check',
        '/contact',
        '/terms',
        '/policy',
        '/manuals',
        '/manuals?q=KYC',
        '/manuals/identity_verification',
        '/manuals/organization_management',
        '/manuals/calculation_of_bonusIncome#cycle',
        '/manuals/receiving_bonusIncome',
        '/tables',
        '/maps?province=10',
      ]) {
        expect(visitor(path), path).toBeNull();
      }
    });

    it('lets a signed-in member, even a suspended one, read the manuals, tables and map', () => {
      for (const path of ['/manuals', '/manuals/receiving_bonusIncome', '/tables', '/maps']) {
        expect(as(verified, path), path).toBeNull();
        expect(as(suspended, path), path).toBeNull();
      }
    });

    it('sends the verify pages to login', () => {
      expect(visitor('/auth/verify_account')).toBe('/auth/login?next=%2Fauth%2Fverify_account');
      expect(visitor('/auth/resend_verify_code')).toBe('/auth/login?next=%2Fauth%2Fresend_verify_code');
    });

    it('sends logout to login carrying only callback and next', () => {
      expect(visitor('/auth/logout')).toBe('/auth/login');
      expect(visitor('/auth/logout?next=%2Fnotifications&callback=https%3A%2F%2Fshop&x=1')).toBe(
        '/auth/login?callback=https%3A%2F%2Fshop&next=%2Fnotifications',
      );
    });
  });

  describe('when both e-mail and mobile are unverified', () => {
    it('allows only resend_verify_code, verify_account and logout', () => {
      expect(as(unverified, '/auth/resend_verify_code')).toBeNull();
      expect(as(unverified, '/auth/verify_account?otp=1&ref=AB')).toBeNull();
      expect(as(unverified, '/auth/logout')).toBeNull();
    });

    it('sends every other signed-in page to resend_verify_code', () => {
      for (const path of ['/', '/dashboard', '/notifications', '/change_password', '/organization']) {
        expect(as(unverified, path), path).toBe('/auth/resend_verify_code');
      }
    });

    it('sends login and register to resend_verify_code', () => {
      expect(as(unverified, '/auth/login')).toBe('/auth/resend_verify_code');
      expect(as(unverified, '/auth/register/INV1')).toBe('/auth/resend_verify_code');
    });

    it('still lets them open an activation link and the public pages', () => {
      expect(as(unverified, '/auth/activate?token=abc')).toBeNull();
      expect(as(unverified, '/terms')).toBeNull();
    });
  });

  describe('when the member is verified', () => {
    it('counts either e-mail or mobile as verified', () => {
      expect(as(verified, '/dashboard')).toBeNull();
      expect(as(mobileOnly, '/dashboard')).toBeNull();
    });

    it('sends the verify pages to the dashboard', () => {
      expect(as(verified, '/auth/resend_verify_code')).toBe('/dashboard');
      expect(as(mobileOnly, '/auth/verify_account')).toBe('/dashboard');
    });

    it('sends login and register to the dashboard', () => {
      expect(as(verified, '/auth/login')).toBe('/dashboard');
      expect(as(verified, '/auth/register/INV1')).toBe('/dashboard');
    });

    it('sends login to its same-origin next page once signed in', () => {
      expect(as(verified, '/auth/login?next=%2Fnotifications%3Fpage%3D2')).toBe('/notifications?page=2');
    });

    it('ignores a next that leaves the site, loops back to login or logs out', () => {
      expect(as(verified, '/auth/login?next=https%3A%2F%2Fevil.test')).toBe('/dashboard');
      expect(as(verified, '/auth/login?next=%2F%2Fevil.test')).toBe('/dashboard');
      expect(as(verified, '/auth/login?next=%2Fauth%2Flogin')).toBe('/dashboard');
      expect(as(verified, '/auth/login?next=%2Fauth%2Flogout')).toBe('/dashboard');
    });

    it('re-checks next against the rules', () => {
      expect(as(unverified, '/auth/login?next=%2Fnotifications')).toBe('/auth/resend_verify_code');
      expect(as(suspended, '/auth/login?next=%2Fdashboard')).toBe('/notifications');
    });

    it('lets them open signed-in pages', () => {
      for (const path of ['/', '/dashboard', '/notifications', '/change_password', '/auth/logout']) {
        expect(as(verified, path), path).toBeNull();
      }
    });
  });

  describe('when the first suspension entry is active or done', () => {
    it('allows change_password, notifications and logout', () => {
      expect(as(suspended, '/change_password')).toBeNull();
      expect(as(suspended, '/notifications?page=3')).toBeNull();
      expect(as(suspended, '/auth/logout')).toBeNull();
    });

    it('lets a member suspended for KYC open the profile, where they can finish it (decision 012)', () => {
      expect(as(suspended, '/profile')).toBeNull();
      expect(as(suspended, '/profile#documents')).toBeNull();
    });

    it('sends everything else to notifications', () => {
      for (const path of ['/', '/dashboard', '/organization', '/reports', '/setting', '/staff/kyc']) {
        expect(as(suspended, path), path).toBe('/notifications');
      }
      const done: GuardUser = { ...verified, member: member([entry('done')]) };
      expect(as(done, '/dashboard')).toBe('/notifications');
    });

    it('sends login and the verify pages to notifications, not to a dashboard they cannot see', () => {
      expect(as(suspended, '/auth/login')).toBe('/notifications');
      expect(as(suspended, '/auth/resend_verify_code')).toBe('/notifications');
    });

    it('looks only at the first entry', () => {
      const warned: GuardUser = { ...verified, member: member([entry('warning'), entry('active')]) };
      const lifted: GuardUser = { ...verified, member: member([entry('cancelled'), entry('active')]) };
      expect(as(warned, '/dashboard')).toBeNull();
      expect(as(lifted, '/dashboard')).toBeNull();
    });

    it('applies the verification rule before the suspension rule', () => {
      const both: GuardUser = { ...unverified, member: member([entry('active')]) };
      expect(as(both, '/notifications')).toBe('/auth/resend_verify_code');
    });

    it('does not treat a member without a network record as suspended', () => {
      expect(as({ ...verified, member: null }, '/dashboard')).toBeNull();
    });
  });

  describe('staff pages', () => {
    const staff: GuardUser = { ...verified, type: 'staff', member: null };
    const admin: GuardUser = { ...verified, type: 'admin', member: null };
    const plainMember: GuardUser = { ...verified, type: 'member' };

    it('lets staff and admins open the KYC queue and a case', () => {
      for (const user of [staff, admin]) {
        expect(as(user, '/staff/kyc')).toBeNull();
        expect(as(user, '/staff/kyc/42')).toBeNull();
        expect(as(user, '/staff/kyc?status=all&q=somchai')).toBeNull();
      }
    });

    it('sends a member (typed or not) back to their own landing page', () => {
      for (const user of [plainMember, verified]) {
        expect(as(user, '/staff/kyc'), user.type).toBe('/dashboard');
        expect(as(user, '/staff/kyc/42/'), user.type).toBe('/dashboard');
        expect(as(user, '/STAFF/KYC'), user.type).toBe('/dashboard');
        expect(as(user, '/staff'), user.type).toBe('/dashboard');
      }
    });

    it("lets staff open the community-income report (everyone's rows) but no other member report", () => {
      for (const user of [staff, admin]) {
        expect(as(user, '/reports/dropship')).toBeNull();
        expect(as(user, '/reports/cycle_bonus')).toBe('/staff');
        expect(as(user, '/reports')).toBe('/staff');
      }
    });

    it('keeps a suspended member on notifications rather than the dashboard', () => {
      expect(as({ ...suspended, type: 'member' }, '/staff/kyc')).toBe('/notifications');
    });

    it('does not take look-alike paths for staff pages', () => {
      expect(as(plainMember, '/staffing')).toBeNull();
    });

    it('sends a visitor to login and an unverified staff account to verification first', () => {
      expect(visitor('/staff/kyc')).toBe('/auth/login?next=%2Fstaff%2Fkyc');
      expect(as({ ...unverified, type: 'staff', member: null }, '/staff/kyc')).toBe(
        '/auth/resend_verify_code',
      );
    });

    it('lets a staff account without a member record open the member pages it can use', () => {
      for (const path of ['/staff', '/profile', '/setting', '/notifications']) {
        expect(as(staff, path), path).toBeNull();
      }
    });

    it('keeps the reports for members: a suspended member is sent to notifications, staff without a member record to the staff home (but for the community income, whose staff view shows everyone)', () => {
      for (const path of [
        '/reports',
        '/reports/cycle_bonus',
        '/reports/dropship?from=2026-11-01&to=2026-11-30',
      ]) {
        expect(as(verified, path), path).toBeNull();
        expect(as(suspended, path), path).toBe('/notifications');
        expect(as(staff, path), path).toBe(path.startsWith('/reports/dropship') ? null : '/staff');
      }
    });

    it('keeps hold points, canceled orders and past statements for members (decision 012: not while suspended)', () => {
      for (const path of [
        '/hold_point',
        '/hold_point/manage/12',
        '/canceled_orders?from=2026-10-01&to=2026-10-31',
        '/reportsold',
        '/reportsold?year=2026',
      ]) {
        expect(as(verified, path), path).toBeNull();
        expect(as(suspended, path), path).toBe('/notifications');
        expect(as(staff, path), path).toBe('/staff');
      }
    });

    it('sends a staff account without a member record from the organization and the dashboard to the staff home', () => {
      expect(as(staff, '/organization')).toBe('/staff');
      expect(as(staff, '/organization?top=5')).toBe('/staff');
      expect(as(admin, '/Organization/')).toBe('/staff');
      expect(as(staff, '/dashboard')).toBe('/staff');
      expect(as(admin, '/Dashboard/')).toBe('/staff');
    });

    it('lands a staff account on the staff home after sign-in, and a staff member with a member record on the dashboard', () => {
      expect(as(staff, '/auth/login')).toBe('/staff');
      expect(as(staff, '/staff')).toBeNull();
      expect(as({ ...verified, type: 'staff' }, '/staff')).toBeNull();
      expect(as({ ...verified, type: 'staff' }, '/dashboard')).toBeNull();
      expect(as({ ...verified, type: 'staff' }, '/auth/login')).toBe('/dashboard');
      expect(as({ ...verified, type: 'staff' }, '/organization')).toBeNull();
    });
  });

  describe('edge cases', () => {
    it('ignores trailing slashes and the case of the path', () => {
      expect(as(suspended, '/notifications/')).toBeNull();
      expect(visitor('/auth/check')).toBeNull();
      expect(visitor('/AUTH/LOGIN')).toBeNull();
    });

    it('does not take /auth/register without a code for the guest-only page', () => {
      expect(visitor('/auth/register')).toBe('/auth/login?next=%2Fauth%2Fregister');
    });

    it('treats signedIn without a user as signed out', () => {
      expect(decide({ path: '/dashboard', signedIn: true, user: null })).toBe(
        '/auth/login?next=%2Fdashboard',
      );
    });
  });
});
