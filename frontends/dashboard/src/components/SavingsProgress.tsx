import type { EmergencyFundDto } from '@payday/contracts';
import { Card } from '@payday/web-kit';
import { Money } from './Money.js';

/** spec part 2 §9: emergency fund goal = 6 x monthly bills; the bar is capped at 100 percent. */
export function SavingsProgress({ fund }: { fund: EmergencyFundDto }) {
  const percent = Math.min(100, Math.max(0, fund.progressPercent));
  return (
    <Card className="db-section" aria-labelledby="db-fund-title">
      <div className="db-section__head">
        <h2 id="db-fund-title" className="db-section__title">
          Savings &amp; Emergency Fund
        </h2>
        <span className="db-muted">Goal: 6 months of bills</span>
      </div>
      <div className="db-fund__figures">
        <span>
          <Money cents={fund.currentCents} /> saved
        </span>
        <span className="db-muted">
          of <Money cents={fund.goalCents} />
        </span>
      </div>
      <div
        className="db-progress"
        role="progressbar"
        aria-label="Emergency fund progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% of goal`}
      >
        <div className="db-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="db-small db-muted">{percent}% of your emergency fund goal</p>
    </Card>
  );
}
