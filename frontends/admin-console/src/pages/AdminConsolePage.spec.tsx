import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminConsolePage } from './AdminConsolePage';

describe('AdminConsolePage', () => {
  it('shows its title as the page heading', () => {
    render(<AdminConsolePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin console' })).toBeInTheDocument();
  });
});
