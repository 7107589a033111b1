import { Outlet } from 'react-router';
import { AuthFrame } from './auth-frame';

export default function AuthLayout() {
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
}
