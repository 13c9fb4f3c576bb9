import type { PriceTableRow as Row } from '../../model/prices.ts';
import { formatTokens } from '../../ui/format.ts';
import { PriceCell } from './PriceCell.tsx';
import type { PriceRowActions } from './PriceTableRow.tsx';
import {
  TIER_PRICE_FIELDS,
  firstProblem,
  newTier,
  parsePrice,
  parseTokens,
  withField,
  withTierField,
} from './price-fields.ts';

/**
 * Edits one row's long-context tier (SPEC §1.1): a prompt above the threshold
 * is billed wholly at the tier's rates; a rate left empty is the row's own.
 */
export function LongContextEditor(props: { row: Row; actions: PriceRowActions }) {
  const { row, actions } = props;
  const { model } = row;
  const tier = row.longContext;
  if (tier === undefined) {
    return (
      <div className="tier-editor">
        <p className="note">
          {model} has no long-context tier: every call is billed at the row&apos;s own prices.
        </p>
        <button
          type="button"
          onClick={() => actions.update(model, withField(row, 'longContext', newTier(row)))}
        >
          Add a long-context tier to {model}
        </button>
      </div>
    );
  }
  const cellKey = (field: string) => `${model}:longContext.${field}`;
  return (
    <div className="tier-editor">
      <p className="note">
        A call whose prompt has more than {formatTokens(tier.thresholdTokens)} tokens is billed
        entirely at these prices (USD per million tokens); an empty price is the row&apos;s own.
      </p>
      <div className="tier-fields">
        <label>
          Threshold, tokens
          <PriceCell
            label={`Long-context threshold of ${model}`}
            value={String(tier.thresholdTokens)}
            width="7rem"
            validate={(t) => {
              const v = parseTokens(t, false);
              if (v instanceof Error) return v.message;
              return firstProblem(
                withField(row, 'longContext', withTierField(tier, 'thresholdTokens', v)),
              );
            }}
            onCommit={(t) => {
              const v = parseTokens(t, false);
              if (!(v instanceof Error))
                actions.update(
                  model,
                  withField(row, 'longContext', withTierField(tier, 'thresholdTokens', v)),
                );
            }}
            onProblem={(p) => actions.report(cellKey('thresholdTokens'), p)}
          />
        </label>
        {TIER_PRICE_FIELDS.map((f) => (
          <label key={f.key}>
            {f.title}
            <PriceCell
              label={`Long-context ${f.title.toLowerCase()} price of ${model}`}
              value={tier[f.key] === undefined ? '' : String(tier[f.key])}
              placeholder={f.optional ? 'as row' : undefined}
              validate={(t) => {
                const v = parsePrice(t, f.optional);
                if (v instanceof Error) return v.message;
                return firstProblem(withField(row, 'longContext', withTierField(tier, f.key, v)));
              }}
              onCommit={(t) => {
                const v = parsePrice(t, f.optional);
                if (!(v instanceof Error))
                  actions.update(
                    model,
                    withField(row, 'longContext', withTierField(tier, f.key, v)),
                  );
              }}
              onProblem={(p) => actions.report(cellKey(f.key), p)}
            />
          </label>
        ))}
        <button
          type="button"
          className="danger"
          onClick={() => {
            for (const field of ['thresholdTokens', ...TIER_PRICE_FIELDS.map((f) => f.key)])
              actions.report(cellKey(field), null);
            actions.update(model, withField(row, 'longContext', undefined));
          }}
        >
          Remove the long-context tier of {model}
        </button>
      </div>
    </div>
  );
}
