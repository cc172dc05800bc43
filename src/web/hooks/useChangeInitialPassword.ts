// The forced change of the initial system password (spec 001 §2): the session may do nothing else;
// the new password gives a full session. Cancelling signs out.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { changeInitialPassword } from '../api/auth.ts';
import { withLoading } from '../app/loading.ts';
import { newPasswordForm, type NewPasswordForm } from '../forms/account-forms.ts';
import { signOut } from './useLogout.ts';
import { useSignedIn } from './useSignedIn.ts';

export function useChangeInitialPassword() {
  const signedIn = useSignedIn();
  const form = useForm<NewPasswordForm>({ resolver: zodResolver(newPasswordForm), defaultValues: { password: '', confirmPassword: '' } });
  const submit = form.handleSubmit(async (v) => {
    const answer = await withLoading(() => changeInitialPassword(v.password, v.confirmPassword)).catch(() => null);
    if (answer) signedIn(answer);
  });
  const cancel = () => void signOut();
  return { form, submit, cancel };
}
