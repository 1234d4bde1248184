use backtrack::sudoku::{Board, search::Solutions};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let limit: u64 = std::env::args().nth(2).map_or(100000, |s| s.parse().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    for (i, l) in text.lines().enumerate().take(20) {
        let board: Board = l.parse().unwrap();
        let t = std::time::Instant::now();
        let mut s = Solutions::new(&board)
            .budget(backtrack::sudoku::bitboard::Budget { max_guesses: limit, deadline: None });
        let n = s.by_ref().take(2).count();
        println!("{} n={} {:?} {:?} {:?}", i + 1, n, s.stats(), s.outcome(), t.elapsed());
    }
}
