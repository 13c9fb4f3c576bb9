"""The seed's Python gate (seed 000, evaluate_offload_gate), timed on exactly
the inputs bench/core.bench.ts times the TypeScript core on, so `npm run bench`
can report the two side by side. Prints one JSON line.

    python3 bench/seed_gate.py INPUTS.json

INPUTS.json is the list of gate inputs the TypeScript side drew and wrote
(`[{"outputTokens", "horizon", "recallProbability", "modelName",
"stubTokens"}, ...]`): both sides time the same decisions, in the same order.

The seed's code as the seed gives it: its two dataclasses are plain
`@dataclass` (not frozen), and the function body is verbatim. What the seed
imports from elsewhere is defined here: MODEL_PRICING (a module-level dict of
the five priced rows), `_per_token` (USD per million → per token) and the
DEFAULT_* constants (the explorer's defaults; the seed does not publish its
own). Standard library only.
"""

import hashlib
import json
import sys
import time
from dataclasses import dataclass

MODEL_PRICING = {
    "claude-opus-4-6": {"input": 5, "output": 25},
    "claude-sonnet-4-5": {"input": 3, "output": 15},
    "claude-haiku-4-5": {"input": 1, "output": 5},
    "gpt-4.1": {"input": 2, "output": 8},
    "gpt-4.1-nano": {"input": 0.1, "output": 0.4},
}


DEFAULT_LARGE_OFFLOAD_THRESHOLD_TOKENS = 10_000
DEFAULT_STUB_TOKENS = 150
DEFAULT_RECALL_INPUT_TOKENS = 2_000
DEFAULT_RECALL_OUTPUT_TOKENS = 300


def _per_token(price_per_million: float) -> float:
    return price_per_million / 1_000_000


@dataclass
class OffloadGateDecision:
    fire: bool
    net_saving_usd: float
    reprefill_saving_usd: float
    stub_carry_cost_usd: float
    expected_recall_hop_cost_usd: float
    reason: str


@dataclass
class OffloadGateInputs:
    output_tokens: float
    horizon: int
    recall_probability: float
    model_name: str
    large_offload_threshold_tokens: int = DEFAULT_LARGE_OFFLOAD_THRESHOLD_TOKENS
    stub_tokens: int = DEFAULT_STUB_TOKENS
    recall_input_tokens: int = DEFAULT_RECALL_INPUT_TOKENS
    recall_output_tokens: int = DEFAULT_RECALL_OUTPUT_TOKENS


def evaluate_offload_gate(inputs: OffloadGateInputs) -> OffloadGateDecision:
    if inputs.output_tokens < inputs.large_offload_threshold_tokens:
        return OffloadGateDecision(
            fire=False,
            net_saving_usd=0.0,
            reprefill_saving_usd=0.0,
            stub_carry_cost_usd=0.0,
            expected_recall_hop_cost_usd=0.0,
            reason=(
                f"below large_offload_threshold "
                f"({inputs.output_tokens:.0f} < "
                f"{inputs.large_offload_threshold_tokens} tokens)"
            ),
        )
    pricing = MODEL_PRICING.get(inputs.model_name)
    if pricing is None:
        return OffloadGateDecision(
            fire=False,
            net_saving_usd=0.0,
            reprefill_saving_usd=0.0,
            stub_carry_cost_usd=0.0,
            expected_recall_hop_cost_usd=0.0,
            reason=f"no MODEL_PRICING row for {inputs.model_name!r}",
        )
    input_rate = _per_token(float(pricing.get("input", 0.0)))
    output_rate = _per_token(float(pricing.get("output", 0.0)))
    h = max(0, int(inputs.horizon))
    reprefill_saving = inputs.output_tokens * input_rate * h
    stub_carry_cost = inputs.stub_tokens * input_rate * h
    p_recall = max(0.0, min(1.0, float(inputs.recall_probability)))
    expected_recall_hop_cost = p_recall * (
        inputs.recall_input_tokens * input_rate + inputs.recall_output_tokens * output_rate
    )
    net = reprefill_saving - (stub_carry_cost + expected_recall_hop_cost)
    fire = net > 0.0
    reason = (
        f"net=${net:.4f} "
        f"(saving=${reprefill_saving:.4f} "
        f"− stub=${stub_carry_cost:.4f} "
        f"− recall=${expected_recall_hop_cost:.4f}); "
        f"H={h} p_recall={p_recall:.2f} model={inputs.model_name}"
    )
    return OffloadGateDecision(
        fire=fire,
        net_saving_usd=net,
        reprefill_saving_usd=reprefill_saving,
        stub_carry_cost_usd=stub_carry_cost,
        expected_recall_hop_cost_usd=expected_recall_hop_cost,
        reason=reason,
    )


def read_inputs(path: str) -> list:
    """The TypeScript side's inputs, as the seed's dataclass (JSON numbers are doubles there)."""
    with open(path, encoding="utf-8") as f:
        drawn = json.load(f)
    return [
        OffloadGateInputs(
            output_tokens=float(item["outputTokens"]),
            horizon=int(item["horizon"]),
            recall_probability=float(item["recallProbability"]),
            model_name=item["modelName"],
            stub_tokens=int(item["stubTokens"]),
        )
        for item in drawn
    ]


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python3 bench/seed_gate.py INPUTS.json (written by bench/core.bench.ts)")
    inputs = read_inputs(sys.argv[1])
    sink = 0

    def window(seconds: float) -> float:
        nonlocal sink
        start = time.perf_counter()
        count = 0
        while time.perf_counter() - start < seconds:
            for item in inputs:
                sink += len(evaluate_offload_gate(item).reason)
            count += len(inputs)
        return count / (time.perf_counter() - start)

    # The same method as bench/core.bench.ts: a warm-up, then five windows
    # of 0.2 s, each a whole number of passes over the inputs in their order.
    # It prints every window; the TypeScript side runs this script between
    # its own windows, several rounds, and compares the best of each.
    window(0.25)
    rates = [window(0.2) for _ in range(5)]
    # A digest of one pass's reason strings: the TypeScript side checks that
    # both sides made the same decisions from the same inputs.
    reasons = "\n".join(evaluate_offload_gate(item).reason for item in inputs)
    digest = hashlib.sha256(reasons.encode("utf-8")).hexdigest()
    print(json.dumps({"name": "seed Python gate decisions with reason string", "windows": [round(r) for r in rates], "unit": "decisions/s", "reasonsSha256": digest}))


if __name__ == "__main__":
    main()
