import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConnectedAccountsPage } from './ConnectedAccountsPage';

describe('ConnectedAccountsPage', () => {
  it('shows its title as the page heading', () => {
    render(<ConnectedAccountsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Connected accounts' })).toBeInTheDocument();
  });
});
