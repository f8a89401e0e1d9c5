"""Tests of the Python module `tangram_solver` (python/tangram_module.cpp), run by ctest (label
python) with PYTHONPATH set to the build's python/ folder."""

import copy
import json
import _thread
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import tangram_solver as tangram

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


def board(rows, cols):
    """A board of rows x cols squares of 20 px for the pentominoes, dark on white."""
    picture = np.full((20 + 20 * rows, 20 + 20 * cols), 255, np.uint8)
    picture[10 : 10 + 20 * rows, 10 : 10 + 20 * cols] = 0
    return picture


def test_solve_all_enumerates_every_assembly_as_the_cli_does():
    # The 3 x 20 board has 2 assemblies up to its 4 symmetries, 8 in all.
    result = tangram.solve_all(board(3, 20), "pentominoes", threads=1)
    assert result["answer"] == "found" and result["outcome"] == "solved"
    assert result["count"] == 8 and result["complete"] is True
    assert len(result["solutions"]) == 8
    assert result["summary"].startswith("8 assemblies of <array 80x420> (all of them")
    for solution in result["solutions"]:
        assert solution["solved"] is True and len(solution["pieces"]) == 12
    assert tangram.verify(board(3, 20), result["solutions"][0])["valid"] is True
    classes = tangram.solve_all(board(3, 20), "pentominoes", up_to_symmetry=True)
    assert classes["count"] == 2 and classes["symmetries"] == 4
    first = tangram.solve_all(board(3, 20), "pentominoes", max_solutions=3)
    assert first["count"] == 3 and first["complete"] is False
    assert [s["pieces"] for s in first["solutions"]] == [
        s["pieces"] for s in result["solutions"][:3]
    ]


def test_read_solutions_reads_both_forms_of_solve_all_json_lines(tmp_path):
    # The first 3 assemblies of 3 x 20 as `tangram solve --all --max-solutions 3 --json`
    # writes them (tangram-solutions/1), and as it wrote them before (one document a line).
    data = MASKS.parent / "tests/data"
    figure = str(MASKS / "sets/pentominoes/counts/3x20.png")
    newer = tangram.read_solutions(data / "3x20-solutions.jsonl")
    assert newer["format"] == "tangram-solutions/1" and newer["piece_set"] == "pentominoes"
    assert newer["complete"] is False
    assert newer["summary"]["reason"] == "max-solutions" and newer["summary"]["count"] == 3
    assert newer["summary"]["settings"]["max_solutions"] == 3
    assert len(newer["solutions"]) == 3
    for solution in newer["solutions"]:
        assert solution["format"] == "tangram-solution/1" and solution["solved"] is True
        assert solution["set"]["name"] == "pentominoes" and len(solution["pieces"]) == 12
        assert tangram.verify(figure, solution)["valid"] is True
    older = tangram.read_solutions(str(data / "3x20-older-form.jsonl"))
    assert older["format"] == "tangram-solution/1 lines" and older["piece_set"] == "pentominoes"
    assert older["complete"] is None and older["summary"] is None
    # The same documents, whichever form they were read from.
    assert older["solutions"] == newer["solutions"]
    # solve_all() gives documents of the same form (which 3 come first is the search's order).
    first = tangram.solve_all(figure, "pentominoes", max_solutions=3)
    assert len(first["solutions"]) == 3
    for solution in first["solutions"]:
        assert solution.keys() == newer["solutions"][0].keys()
        assert tangram.verify(figure, solution)["valid"] is True
    # Cut short before its summary: the assemblies, completeness unknown.
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join((data / "3x20-solutions.jsonl").read_text().splitlines(True)[:3]))
    short = tangram.read_solutions(cut)
    assert short["complete"] is None and len(short["solutions"]) == 2
    # One document alone.
    single = tmp_path / "one.json"
    single.write_text(json.dumps(newer["solutions"][0], indent=1))
    alone = tangram.read_solutions(single)
    assert alone["format"] == "tangram-solution/1" and alone["complete"] is None
    assert [s["pieces"] for s in alone["solutions"]] == [newer["solutions"][0]["pieces"]]
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "tangram-solutions/1"}\n{"summary": {}}\n')
    with pytest.raises(ValueError, match='line 1: missing "piece_set"'):
        tangram.read_solutions(bad)


def test_solve_all_unique_stops_at_the_second():
    result = tangram.solve_all(board(3, 20), "pentominoes", unique=True)
    assert result["answer"] == "several" and result["count"] == 2
    assert result["summary"].startswith("several: ")


def test_solve_all_refuses_what_the_cli_refuses_in_keyword_words():
    # A 3:1 rectangle does not lie on the Tangram's lattice.
    rectangle = np.full((120, 320), 255, np.uint8)
    rectangle[10:110, 10:310] = 0
    with pytest.raises(ValueError, match="^all: the figure does not lie on a lattice"):
        tangram.solve_all(rectangle)
    with pytest.raises(ValueError, match="unique"):
        tangram.solve_all(board(3, 20), "pentominoes", unique=True, max_solutions=5)
    with pytest.raises(ValueError, match="search='paper'"):
        tangram.solve_all(board(3, 20), "pentominoes", search="paper")
    with pytest.raises(TypeError):
        tangram.solve_all(board(3, 20), "pentominoes", prefer="more")
    with pytest.raises(TypeError):
        tangram.solve(SQUARE, unique=True)


def test_solve_with_copies_chooses_the_fewest_or_the_most_pieces():
    fewest = tangram.solve(SQUARE, use="copies", figure_area=1, max_solutions=200)
    most = tangram.solve(SQUARE, use="copies", figure_area=1, max_solutions=200, prefer="more")
    assert fewest["solved"] is True and most["solved"] is True
    assert fewest["outcome"] == "solved" and fewest["reason"] == ""
    assert len(fewest["pieces"]) < len(most["pieces"])
    assert "the fewest pieces of 200 assemblies" in fewest["summary"]
    assert tangram.verify(SQUARE, most)["valid"] is True
    with pytest.raises(ValueError, match="use='subset' needs figure_area"):
        tangram.solve(SQUARE, use="subset")
    with pytest.raises(ValueError, match="prefer"):
        tangram.solve(SQUARE, use="subset", figure_area=1, prefer="most")


def test_solve_gives_the_summary_of_the_cli(square_solution):
    assert square_solution["summary"].startswith(str(SQUARE) + ": solved in ")
    assert "coverage" in square_solution["summary"]


def test_dissect_counts_as_the_cli_does(tmp_path):
    ring = "###\n#.#\n###\n"
    result = tangram.dissect(ring, 2)
    assert result["answer"] == "found" and result["count"] >= 1
    assert result["count"] == len(result["dissections"])
    assert result["document"]["format"] == "tangram-dissection/1"
    assert "into 2 congruent pieces of 4 squares" in result["summary"]
    path = tmp_path / "ring.txt"
    path.write_text(ring)
    assert tangram.dissect(path, 2)["count"] == result["count"]
    assert tangram.dissect(ring.encode(), 2)["count"] == result["count"]
    several = tangram.dissect("####\n####\n", 4, method="ours", unique=True)
    assert several["answer"] == "several"
    halves = tangram.dissect("##\n", 2, cells="half")
    assert halves["document"]["format"] == "tangram-half-dissection/1"
    with pytest.raises(ValueError, match="method='kotani' cuts into 2 pieces"):
        tangram.dissect(ring, 3, method="kotani")
    with pytest.raises(ValueError, match="figure"):
        tangram.dissect("#.\n.#\n", 2)
    with pytest.raises(TypeError):
        tangram.dissect(ring, 2, print=True)


def test_generate_makes_the_puzzles_of_the_cli():
    result = tangram.generate(8, 2, count=3, threads=1)
    assert result["answer"] == "found" and result["complete"] is True
    names = [p["name"] for p in result["puzzles"]]
    assert names == ["puzzle-001", "puzzle-002", "puzzle-003"]
    assert all(p["grid"].count("#") == 8 for p in result["puzzles"])
    assert result["puzzles"][0]["document"]["name"] == "puzzle-001"
    again = tangram.generate(8, 2, count=3, threads=2)
    assert [p["grid"] for p in again["puzzles"]] == [p["grid"] for p in result["puzzles"]]
    assert result["summary"].startswith("3 of 3 puzzles in ")
    with pytest.raises(ValueError, match="cells=7 is not a multiple of parts=2"):
        tangram.generate(7, 2)
