"""Tests of the Python module `tangram` (python/tangram_module.cpp), run by ctest (label
python) with PYTHONPATH set to the build's python/ folder."""

import copy
import json
import _thread
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import tangram

MASKS = Path(__file__).resolve().parents[2] / "masks"
SQUARE = MASKS / "01-square.png"


@pytest.fixture(scope="module")
def square_solution():
    return tangram.solve(str(SQUARE), time_limit=60)


def test_solve_by_path_places_the_seven_pieces(square_solution):
    assert square_solution["solved"] is True
    assert square_solution["outcome"] == "solved"
    assert square_solution["reason"] == ""
    assert square_solution["piece_set"] == "tangram"
    assert len(square_solution["pieces"]) == 7
    names = sorted(p["name"] for p in square_solution["pieces"])
    assert names.count("large-triangle") == 2 and names.count("small-triangle") == 2
    stats = square_solution["stats"]
    assert stats["coverage"] >= 0.95
    for piece in square_solution["pieces"]:
        polygon = np.array(piece["polygon"])
        assert polygon.shape[0] >= 3 and polygon.shape[1] == 2
        assert isinstance(piece["angle_deg"], float) and isinstance(piece["reflected"], bool)
        # The centre is the polygon's centroid, inside the square's 200 px side.
        assert 10 <= piece["centre"][0] <= 210 and 10 <= piece["centre"][1] <= 210


def test_solve_takes_a_path_like(square_solution):
    assert tangram.solve(SQUARE)["solved"] is True


def test_solve_a_numpy_array_read_in_place():
    image = tangram.load_image(SQUARE)
    assert image.dtype == np.uint8 and image.ndim == 2 and image.flags["C_CONTIGUOUS"]
    solution = tangram.solve(image)
    assert solution["solved"] is True and len(solution["pieces"]) == 7
    assert solution["pattern"] == "<array %dx%d>" % image.shape
    # A view with padded rows is read in place too; a mirrored view is copied first.
    padded = np.full((image.shape[0], image.shape[1] + 7), 255, np.uint8)
    padded[:, : image.shape[1]] = image
    assert tangram.solve(padded[:, : image.shape[1]])["solved"] is True
    assert tangram.solve(image[:, ::-1])["solved"] is True


def test_a_bool_mask_is_the_puzzle_where_true():
    mask = np.zeros((220, 220), bool)
    mask[10:210, 10:210] = True
    solution = tangram.solve(mask)
    assert solution["solved"] is True and len(solution["pieces"]) == 7


def test_verify_accepts_the_solution_and_rejects_a_broken_one(square_solution):
    report = tangram.verify(SQUARE, square_solution)
    assert report["valid"] is True, report["reasons"]
    assert report["reasons"] == []
    assert report["coverage"] >= 0.95

    moved = copy.deepcopy(square_solution)
    moved["pieces"][0]["polygon"] = [[x + 40, y] for x, y in moved["pieces"][0]["polygon"]]
    report = tangram.verify(SQUARE, moved)
    assert report["valid"] is False
    assert report["reasons"], "a moved piece must give a reason"

    missing = copy.deepcopy(square_solution)
    del missing["pieces"][-1]
    assert tangram.verify(SQUARE, missing)["valid"] is False


def test_verify_reads_a_solution_written_as_json(tmp_path, square_solution):
    path = tmp_path / "solution.json"
    path.write_text(json.dumps(square_solution))
    assert tangram.verify(SQUARE, json.loads(path.read_text()))["valid"] is True


def test_render_returns_a_bgr_picture(square_solution):
    image = tangram.render(SQUARE, square_solution)
    mask = tangram.load_image(SQUARE)
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    # The assembly at twice the size, the caption and legend below it.
    assert image.shape[0] > 2 * mask.shape[0] and image.shape[1] >= 2 * mask.shape[1]
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 7
    small = tangram.render(SQUARE, square_solution, scale=1)
    assert small.shape[0] < image.shape[0]


@pytest.mark.parametrize(
    "options, words",
    [
        ({"rotation_step": "fast"}, "rotation_step"),
        ({"rotation_step": 0}, "rotation_step"),
        ({"strategy": "nope"}, "strategy"),
        ({"search": "nope"}, "search"),
        ({"time_limit": -1}, "time_limit"),
        ({"threads": -2}, "threads"),
        ({"threshold": 0}, "threshold"),
        ({"invert": "maybe"}, "invert"),
        ({"work_size": -3}, "work_size"),
        ({"pieces": "no-such-set"}, "no-such-set"),
    ],
)
def test_bad_options_raise_value_error(options, words):
    with pytest.raises(ValueError, match=words):
        tangram.solve(SQUARE, **options)


def test_bad_masks_raise_value_error(tmp_path):
    with pytest.raises(ValueError, match="dtype"):
        tangram.solve(np.zeros((50, 50), np.float32))
    with pytest.raises(ValueError, match="no-such.png"):
        tangram.solve(tmp_path / "no-such.png")
    with pytest.raises(ValueError):
        tangram.solve(np.full((50, 50), 255, np.uint8))  # no puzzle pixels
    with pytest.raises(TypeError):
        tangram.solve(SQUARE, no_such_option=1)


def test_a_piece_set_by_name():
    assert "pentominoes" in tangram.piece_sets()
    figure = MASKS / "sets" / "pentominoes" / "01-figure.png"
    solution = tangram.solve(figure, "pentominoes", time_limit=60)
    assert solution["solved"] is True
    assert solution["piece_set"] == "pentominoes"
    assert len(solution["pieces"]) == 12
    assert tangram.verify(figure, solution)["valid"] is True
    # The pieces are read as the set the solution names; another set is refused.
    with pytest.raises(ValueError):
        tangram.verify(figure, solution, pieces="tangram")


def test_ctrl_c_stops_a_search():
    # The 3:1 rectangle again, with a long time limit: a KeyboardInterrupt, as Ctrl-C raises it,
    # stops the search and is raised from solve() long before the limit.
    figure = np.full((120, 320), 255, np.uint8)
    figure[10:110, 10:310] = 0
    interrupter = threading.Timer(0.5, _thread.interrupt_main)
    interrupter.start()
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            tangram.solve(figure, time_limit=120, threads=1)
    finally:
        interrupter.cancel()
    assert time.monotonic() - start < 60
    # The module still works afterwards.
    assert tangram.solve(figure, time_limit=0.5, threads=1)["solved"] is False


def test_the_gil_is_released_during_the_search():
    # A figure the pieces cannot fill, a 3:1 rectangle (the convex tangrams, Wang and Hsiung
    # 1942, have the square and the 2:1 rectangle only): the search runs until it is stopped.
    # A Python thread counts while solve() runs and, at its 10th tick, stops it as Ctrl-C would.
    # With the GIL held it could not tick during the call, which would then return at its time
    # limit without a KeyboardInterrupt: the verdict counts ticks, it does not time them.
    figure = np.full((120, 320), 255, np.uint8)
    figure[10:110, 10:310] = 0
    ticks = []
    in_call = threading.Event()
    done = threading.Event()

    def tick():
        while not done.is_set():
            if in_call.is_set():
                ticks.append(time.monotonic())
                if len(ticks) == 10:
                    _thread.interrupt_main()
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            in_call.set()
            tangram.solve(figure, time_limit=120, threads=1)
    finally:
        in_call.clear()
        done.set()
        ticker.join()
    assert len(ticks) >= 10
    # The picture of a partial assembly, its caption the reason solve() gave.
    solution = tangram.solve(figure, time_limit=0.5, threads=1)
    assert solution["solved"] is False
    assert solution["outcome"] == "time-limit", solution["reason"]
    picture = tangram.render(figure, solution)
    assert picture.ndim == 3 and picture.shape[1] >= 2 * figure.shape[1]
