/**
 * What seed 001 (the per-dispatch model resolver) says, quoted briefly beside
 * the controls it explains.
 */
import type { ReactNode } from 'react';

function SeedNote({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="seed-note">
      <summary>{title}</summary>
      {children}
    </details>
  );
}

/** Beside the policy list: policies first, then the resolver, then the default. */
export function PrecedenceNote() {
  return (
    <SeedNote title="What the seed says: policies first">
      <blockquote>
        “The first policy whose match(ctx) is True and that carries a model supplies the model for
        the turn; otherwise control falls through to the resolver …, then the snapshot default.”
      </blockquote>
      <p>
        So a matching policy wins without calling the resolver (no classifier cost), and a policy
        without a model never chooses one. Order matters: the first match wins.
      </p>
    </SeedNote>
  );
}

/** Beside the strategy: what a resolver is given, and the hop index. */
export function DispatchContextNote() {
  return (
    <SeedNote title="What the seed says: the dispatch context">
      <p>
        A resolver sees a frozen context with eight fields: <code>role</code> (always “action”),{' '}
        <code>messages</code>, <code>scope</code>, <code>forced_tool_choice</code>,{' '}
        <code>resolved_tool_names</code>, <code>cache_state</code>, <code>run_id</code> and{' '}
        <code>turn_hop_index</code>.
      </p>
      <blockquote>
        “turn_hop_index … 0 on the first model call of the current user turn, +1 per hop, reset to 0
        on a new user turn.”
      </blockquote>
      <p>
        Tool results do not reset it. There is no turn counter and no intent verdict: a classifier
        must read the messages itself. Here each turn’s complexity label stands in for that
        classifier, and its cost per call is charged on every call.
      </p>
    </SeedNote>
  );
}

/** Beside sticky-with-TTL: the resolver sees cache-creation stamps, not cache warmth. */
export function StampsNote() {
  return (
    <SeedNote title="What the seed says: stamps, not warmth">
      <blockquote>
        “The framework stamps cache_state[model_name] on every response with
        cache_creation_input_tokens &gt; 0 … Stamps are in-memory per-engine-instance.”
      </blockquote>
      <p>
        A sticky resolver therefore sees when a model last <em>wrote</em> cache, not whether its
        cache is warm now: the stamp says nothing about a thinking change that invalidated the
        messages, or a cache TTL different from the sticky TTL. When the target’s stamp is older
        than the TTL it abstains and the default model answers.
      </p>
    </SeedNote>
  );
}

/** Beside the strategy: reflection and background calls keep the static model. */
export function ReflectionNote() {
  return (
    <SeedNote title="What the seed says: only the react dispatch is routed">
      <blockquote>
        “The ModelResolver applies to the react brain LLM dispatch site … It does NOT apply to:
        Reflection … Public agent.get_chat_model("action")”.
      </blockquote>
      <p>
        Reflection and background calls keep the static role models, so their cost is the same
        whatever you route here, and this lab leaves them out.
      </p>
    </SeedNote>
  );
}

/** Beside the cache settings: cache state is per process. */
export function PerProcessNote() {
  return (
    <SeedNote title="What the seed says: cache state is per process">
      <blockquote>
        “cache_state is in-memory per-engine-instance. Multi-worker deployments … see DIFFERENT
        cache_state per worker.”
      </blockquote>
      <p>
        This lab assumes every turn of a conversation reaches the same worker. Get that with session
        affinity (hash the session id to a worker) or a shared store such as Redis for the stamps;
        otherwise a sticky resolver on another worker sees no stamp and abstains.
      </p>
    </SeedNote>
  );
}

/** Beside the timeline: a forced tool choice is dropped when an Anthropic model thinks. */
export function ForceNote() {
  return (
    <SeedNote title="What the seed says: forcing under thinking">
      <blockquote>
        “When a provider refuses to honour tool_choice for a given ModelConfig (Anthropic + thinking
        enabled), the engine MUST abstain”.
      </blockquote>
      <p>
        The check uses the model chosen for <em>this</em> hop, so a resolver that turns thinking on
        silently drops the forced tool: the timeline marks those hops with ⚠.
      </p>
    </SeedNote>
  );
}
