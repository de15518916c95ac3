import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { authMessages } from '@ute/contract';
import { SignInPage } from './SignInPage';

const renderSignIn = () =>
  render(
    <MemoryRouter initialEntries={['/sign-in']}>
      <SignInPage />
    </MemoryRouter>,
  );

describe('SignInPage', () => {
  it('says nothing before the first submit, then shows the first message of each invalid field and focuses the first', async () => {
    renderSignIn();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText(authMessages.emailRequired)).toBeVisible();
    expect(screen.getByText(authMessages.passwordRequired)).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('re-checks every change after a submit, until the fields are valid', async () => {
    renderSignIn();
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText(authMessages.emailInvalid)).toBeVisible();
    expect(screen.getByText(authMessages.passwordRequired)).toBeVisible();

    await userEvent.type(screen.getByLabelText('Email'), '@ute.com.au');
    expect(screen.queryByText(authMessages.emailInvalid)).toBeNull();
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    expect(screen.getByText(authMessages.passwordTooShort)).toBeVisible();
    await userEvent.type(screen.getByLabelText('Password'), '6');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
