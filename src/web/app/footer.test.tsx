// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { installPublicConfig } from '../../../test/web/test-config';
import { Footer } from './footer';

afterEach(cleanup);

it('the footer’s legal links include the imprint and the sub-processors', () => {
  installPublicConfig();
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
  const legal = within(screen.getByRole('navigation', { name: 'Legal' }));
  expect(legal.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['Privacy Policy', '/support/privacy-policy'],
    ['Terms of Service', '/support/terms-of-service'],
    ['Sub-processors', '/support/sub-processors'],
    ['Imprint', '/imprint'],
  ]);
});
