// English catalogue: sign-in, registration, codes, passwords, binding, account completion.
import type { auth as zh } from '../zh/auth.ts';
import type { Shape } from '../shape.ts';

export const auth: Shape<typeof zh> = {
  auth: {
    phone: 'Mobile number',
    phonePlaceholder: '11-digit mobile number',
    email: 'E-mail',
    username: 'Mobile number or e-mail',
    usernamePlaceholder: 'Mobile number or e-mail',
    backToLogin: 'Back to login',
    devOutbox: 'SMS is not configured on this server: codes are written to the server log (dev outbox), not sent to phones.',
    login: {
      title: 'Log in',
      sms: 'Verification code',
      password: 'Password',
      wechat: 'WeChat',
      submit: 'Log in',
      forgot: 'Forgot password',
      trial: 'Apply for a trial',
      firstTimeRegisters: 'A mobile number that is not registered yet is registered by its first login.',
    },
    code: {
      label: 'Verification code',
      placeholder: '6-digit code',
      get: 'Get code',
      resendIn: 'Again in {{seconds}} s',
      sent: 'Code sent successfully',
    },
    security: {
      title: 'Security check',
      slider: 'Slider',
      captcha: 'Graphic code',
      drag: 'Drag the slider to complete the puzzle',
      failed: 'Verification failed, please drag the slider again',
      reload: 'New picture',
      captchaPlaceholder: 'Characters in the picture',
      captchaAlt: 'Graphic code, click for a new one',
      captchaWrong: 'Wrong graphic code; here is a new one',
    },
    agreement: {
      prefix: 'I have read and agree to the ',
      name: 'User Service Agreement',
      text: 'By using the service you agree to keep your account safe, not to upload unlawful content, and that design results are for reference: real installations must be checked by qualified people. We process your phone number, e-mail and project data only to provide the service.',
    },
    password: {
      label: 'Password',
      new: 'New password',
      confirm: 'Confirm password',
      rule: '8 to 64 characters with at least two of letters, digits and symbols; not a common password, not the initial password.',
      changed: 'Password changed',
    },
    initial: {
      title: 'Change the initial password',
      notice: 'You signed in with the initial system password: please set a new password first.',
    },
    register: {
      title: 'Register / apply for a trial',
      intro: 'Enter your mobile number and verify it to create an account and start the trial.',
      submit: 'Register and log in',
    },
    forget: { title: 'Reset password', verify: 'Verify', reset: 'New password' },
    edit: { title: 'Change password', sendTo: 'Send the code to' },
    bind: {
      title: 'Bind a mobile number',
      intro: 'WeChat user {{name}} signs in for the first time: please bind a mobile number.',
      noTicket: 'The WeChat sign-in has expired, please scan again.',
      submit: 'Bind and log in',
    },
    wechat: {
      start: 'Sign in with WeChat',
      hint: 'You will be taken to the WeChat authorisation page.',
      sandbox: 'WeChat Open Platform is not configured on this server: sandbox sign-in (development only).',
      failed: 'The WeChat sign-in failed or expired, please scan again.',
    },
    complete: {
      title: 'Complete your information',
      intro: 'Completing your account information adds 15 trial days.',
      name: 'Name / nickname',
      company: 'Company',
      extended: 'Information completed: your trial is 15 days longer',
    },
  },
};
