import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useLoadedAppData } from '@playz/queries';
import { hasOwnLogin } from '@/lib/customer-login';
import { useDialogRoute } from '@/lib/dialog-route';
import type { EditKind } from '@/features/account/components/edit-dialog';
import { AuthDialogFrame } from '@/features/auth/components/auth-card';
import { ForgotLoginPage } from '@/features/auth/components/forgot-login-page';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';
import { RegisterPage } from '@/features/auth/components/register-page';
import { SignInChoicePage } from '@/features/auth/components/sign-in-choice-page';

/**
 * The three edit dialogs' code comes with the account page's, which links to them, not with the
 * landing's (decision 132): a visitor never sees them.
 */
const EditDialog = lazy(async () => ({
  default: (await import('@/features/account/components/edit-dialog')).EditDialog,
}));

/**
 * The account area's hash dialogs (spec 1 §2): #/customer/authentication, register, forgot
 * password and login, and the three edit dialogs. Each shows over the
 * current page; back or close drops the hash. Mounted once by the root route.
 */
export function AccountDialogs() {
  const { App, Customer } = useLoadedAppData();
  const navigate = useNavigate();
  const choice = useDialogRoute('/customer/authentication');
  const register = useDialogRoute('/customer/register');
  const forgotPassword = useDialogRoute('/customer/forgot-password');
  const forgotLogin = useDialogRoute('/customer/forgot-login');
  const edits: Record<EditKind, ReturnType<typeof useDialogRoute>> = {
    name: useDialogRoute('/customer/edit-name'),
    login: useDialogRoute('/customer/edit-login'),
    password: useDialogRoute('/customer/edit-password'),
  };
  const here = typeof window === 'undefined' ? '/' : window.location.pathname;
  const visitor = !Customer.logged;

  return (
    <>
      {visitor && choice.isOpen ? (
        <AuthDialogFrame onClose={choice.close}>
          <SignInChoicePage providers={App.singleSignOns} requestedUrl={here} />
        </AuthDialogFrame>
      ) : null}
      {visitor && register.isOpen ? (
        <AuthDialogFrame onClose={register.close}>
          <RegisterPage
            providers={App.singleSignOns}
            requestedUrl={here}
            onSuccess={() => void navigate('/', { replace: true })}
          />
        </AuthDialogFrame>
      ) : null}
      {forgotPassword.isOpen ? (
        <AuthDialogFrame onClose={forgotPassword.close}>
          <ForgotPasswordPage />
        </AuthDialogFrame>
      ) : null}
      {forgotLogin.isOpen ? (
        <AuthDialogFrame onClose={forgotLogin.close}>
          <ForgotLoginPage helpEmail={App.publisher.email} />
        </AuthDialogFrame>
      ) : null}
      {hasOwnLogin(Customer)
        ? (Object.keys(edits) as EditKind[]).map((kind) =>
            edits[kind].isOpen ? (
              <Suspense key={kind} fallback={null}>
                <EditDialog
                  kind={kind}
                  app={App}
                  customer={Customer}
                  presentation="overlay"
                  onClose={edits[kind].close}
                />
              </Suspense>
            ) : null,
          )
        : null}
    </>
  );
}
