import { Navigate, useNavigate } from 'react-router';
import { useLoadedAppData } from '@/lib/app-data';
import { LoginPage } from '@/features/auth/components/login-page';

/** `/customer/login`: on success the data was reloaded; go to / (spec 1 §4). */
export function LoginRoute() {
  const navigate = useNavigate();
  const { Customer } = useLoadedAppData();
  if (Customer.logged) return <Navigate to="/" replace />;
  return <LoginPage onSuccess={() => void navigate('/', { replace: true })} />;
}
