"""Which GPUs a run uses, and which solutions may run on them."""

import os


def targets_gpu(target_hardware: list[str], device_name: str) -> bool:
    """Whether a solution's target_hardware names this GPU: "cuda" names any; "NVIDIA_H100"
    names "NVIDIA H100 80GB HBM3" (torch's name, spaces as underscores, the model a prefix)."""
    hw = device_name.replace(" ", "_")
    return any(t.lower() == "cuda" or hw == t or hw.startswith(t + "_") for t in target_hardware)


def gpus_to_use(requested: list[int] | None) -> tuple[list[str], str | None]:
    """(the CUDA_VISIBLE_DEVICES value of each GPU to use, None) or ([], the problem).

    Indices count the GPUs this process sees. GPUs of different kinds are refused: a ratio
    measured on one kind of GPU is not comparable with one measured on another."""
    import torch

    count = torch.cuda.device_count()
    wanted = requested if requested is not None else list(range(count))
    missing = [i for i in wanted if i >= count]
    if missing:
        return [], f"--devices {missing}: this machine shows {count} GPU(s), 0 to {count - 1}"
    names = {i: torch.cuda.get_device_name(i) for i in wanted}
    if len(set(names.values())) > 1:
        kinds = ", ".join(f"{i}: {n}" for i, n in names.items())
        return [], (
            f"GPUs of different kinds ({kinds}): ratios from different GPUs are not comparable "
            "in one table; pass --devices with GPUs of one kind"
        )
    visible = [v.strip() for v in os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",") if v]
    return [visible[i] if i < len(visible) else str(i) for i in wanted], None
