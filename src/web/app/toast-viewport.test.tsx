// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '../lib/toast';
import { ToastViewport } from './toast-viewport';

afterEach(() => {
  act(() => toast.dismiss());
  cleanup();
});

// The facade's state (sonner requested or not) lives for the whole file: the order matters.
describe('ToastViewport', () => {
  it('mounts no Toaster before the first toast', () => {
    render(<ToastViewport />);
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
  });

  it('loads the Toaster with the first toast and shows it bottom-right with a close button', async () => {
    render(<ToastViewport />);
    toast.success('Profile updated successfully');
    const message = await screen.findByText('Profile updated successfully');
    const item = message.closest('[data-sonner-toast]');
    if (!(item instanceof HTMLElement)) throw new Error('the message is not inside a toast');
    expect(item.dataset.type).toBe('success');
    expect(item.dataset.yPosition).toBe('bottom');
    expect(item.dataset.xPosition).toBe('right');
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy();

    // A click (jsdom has no pointer capture, which sonner's swipe handling needs on pointerdown).
    fireEvent.click(within(item).getByRole('button', { name: 'Close toast' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(screen.queryByText('Profile updated successfully')).toBeNull();
  });

  it('shows every kind of toast the screens use', async () => {
    render(<ToastViewport />);
    toast.error('Please fill in all required fields');
    toast.info('Your session has expired. Please log in again.');
    toast.warning('Your session will expire in 2 minutes');
    toast.message('Plain message');
    expect(await screen.findByText('Please fill in all required fields')).toBeTruthy();
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeTruthy();
    expect(await screen.findByText('Your session will expire in 2 minutes')).toBeTruthy();
    expect(await screen.findByText('Plain message')).toBeTruthy();
  });

  it('keeps one toast per id', async () => {
    render(<ToastViewport />);
    toast.error('Authentication failed', { id: 'auth-error' });
    toast.error('Authentication failed', { id: 'auth-error' });
    await screen.findByText('Authentication failed');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByText('Authentication failed')).toHaveLength(1);
  });
});
