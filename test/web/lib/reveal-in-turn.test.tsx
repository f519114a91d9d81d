import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useRevealInTurn } from '../../../web/src/lib/reveal-in-turn';

/** Each part notes, as it mounts, how many parts the page holds at that commit. */
function Part({ seen }: { seen: number[] }) {
  useLayoutEffect(() => {
    seen.push(document.querySelectorAll('li').length);
  }, [seen]);
  return <li />;
}

function Parts({ total, seen }: { total: number; seen: number[] }) {
  const shown = useRevealInTurn(total);
  return (
    <>
      <ul>
        {Array.from({ length: shown }, (_, index) => (
          <Part key={index} seen={seen} />
        ))}
      </ul>
      {shown === total && <p>All shown</p>}
    </>
  );
}

describe('useRevealInTurn', () => {
  it('mounts the parts one per commit, in order, until all are shown', async () => {
    const seen: number[] = [];
    render(<Parts total={5} seen={seen} />);
    await screen.findByText('All shown');
    // Mounted all at once, every part would see 5.
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows nothing more than there is, and follows a total that shrinks', async () => {
    const seen: number[] = [];
    const { rerender } = render(<Parts total={3} seen={seen} />);
    await screen.findByText('All shown');
    rerender(<Parts total={2} seen={seen} />);
    expect(document.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByText('All shown')).toBeTruthy();
  });
});
