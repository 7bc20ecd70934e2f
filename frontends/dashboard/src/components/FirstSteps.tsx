import { Button, Card } from '@paycadence/web-kit';

/**
 * A new user is guided paycheck first, then bills, since every pay date is timed to a paycheck. Shown
 * until both exist.
 */
export function FirstSteps({ hasIncome, hasBills, onAddIncome, onAddBill }: { hasIncome: boolean; hasBills: boolean; onAddIncome: () => void; onAddBill: () => void }) {
  if (hasIncome && hasBills) return null;
  return (
    <Card className="db-section db-first" aria-labelledby="db-first-title">
      <h2 id="db-first-title" className="db-section__title">
        Get started in two steps
      </h2>
      <ol className="db-first__steps">
        <li className={hasIncome ? 'db-first__step db-first__step--done' : 'db-first__step'}>
          <div>
            <h3 className="db-window__title">1. Add your paycheck{hasIncome && <span className="db-in"> ✓ done</span>}</h3>
            <p className="db-muted db-small">When and how much you get paid. Each bill&apos;s pay date is timed to the paycheck before it.</p>
          </div>
          {!hasIncome && <Button onClick={onAddIncome}>Add your paycheck</Button>}
        </li>
        <li className="db-first__step">
          <div>
            <h3 className="db-window__title">2. Add your bills</h3>
            <p className="db-muted db-small">Name, amount and due date. We suggest when to pay each one.</p>
          </div>
          {!hasBills && (
            <Button variant={hasIncome ? 'primary' : 'secondary'} onClick={onAddBill}>
              Add a bill
            </Button>
          )}
        </li>
      </ol>
    </Card>
  );
}
