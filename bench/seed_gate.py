"""The seed's Python gate (seed 000, evaluate_offload_gate), timed on the same
kind of inputs as bench/core.bench.ts, so `npm run bench` can report the
TypeScript core's speed side by side with it. Prints one JSON line.

The function body is the seed's, verbatim apart from MODEL_PRICING being a
module-level dict here. Standard library only.
"""

import json
import random
import time
from dataclasses import dataclass

MODEL_PRICING = {
    "claude-opus-4-6": {"input": 5, "output": 25},
    "claude-sonnet-4-5": {"input": 3, "output": 15},
    "claude-haiku-4-5": {"input": 1, "output": 5},
    "gpt-4.1": {"input": 2, "output": 8},
    "gpt-4.1-nano": {"input": 0.1, "output": 0.4},
}


def _per_token(price_per_million: float) -> float:
    return price_per_million / 1_000_000


@dataclass(frozen=True)
class OffloadGateDecision:
    fire: bool
    net_saving_usd: float
    reprefill_saving_usd: float
    stub_carry_cost_usd: float
    expected_recall_hop_cost_usd: float
    reason: str


@dataclass(frozen=True)
class OffloadGateInputs:
    output_tokens: float
    horizon: int
    recall_probability: float
    model_name: str
    large_offload_threshold_tokens: int = 10_000
    stub_tokens: int = 150
    recall_input_tokens: int = 2_000
    recall_output_tokens: int = 300


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


def main() -> None:
    rng = random.Random(0x9A7E)
    models = list(MODEL_PRICING)
    inputs = [
        OffloadGateInputs(
            output_tokens=round(100 * 10 ** (4 * rng.random()) * 4) / 4,
            horizon=int(rng.random() * 40),
            recall_probability=round(rng.random() * 100) / 100,
            model_name=models[int(rng.random() * len(models))],
            stub_tokens=100 + int(rng.random() * 200),
        )
        for _ in range(4096)
    ]
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
    # of 0.2 s. It prints every window; the TypeScript side runs this script
    # between its own windows, several rounds, and compares the best of each.
    window(0.25)
    rates = [window(0.2) for _ in range(5)]
    print(json.dumps({"name": "seed Python gate decisions with reason string", "windows": [round(r) for r in rates], "unit": "decisions/s"}))


if __name__ == "__main__":
    main()
