//! The app when its files misbehave: a journal write that fails, and a journal open in
//! another window.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod ui_support;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gunbai::engine::Battle;
use gunbai::engine::journal::JournalFile;
use gunbai::rules::sky::Sky;
use gunbai::ui::App;

fn harness(dir: &std::path::Path) -> Harness<'static, App> {
    ui_support::app_on(dir, Some(11))
}

/// A disk that is full.
struct Full;

impl JournalFile for Full {
    fn write_all_at(&mut self, _offset: u64, _bytes: &[u8]) -> std::io::Result<()> {
        Err(std::io::Error::other("No space left on device"))
    }

    fn sync(&mut self) -> std::io::Result<()> {
        Ok(())
    }

    fn truncate(&mut self, _len: u64) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_failed_journal_write_shows_a_read_only_banner_with_the_journal() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(dir.path());
    let game = h.state_mut().game_mut().expect("the demo battle");
    let entries = game.entries();
    game.as_any_mut()
        .downcast_mut::<Battle<Sky>>()
        .expect("sky")
        .journal_writer_mut()
        .expect("journalled")
        .wrap_file(|_| Box::new(Full));
    h.get_all_by_label("[R] Roll").next().unwrap().click();
    h.run();
    let banner = h.state().banner().expect("a banner").to_owned();
    assert!(banner.contains("read-only"), "{banner}");
    assert!(banner.contains("No space left"), "{banner}");
    assert!(banner.contains("battles"), "names the journal: {banner}");
    assert_eq!(
        h.state().game().unwrap().entries(),
        entries,
        "nothing applied"
    );
    h.get_by_label("READ-ONLY");
}

#[test]
fn a_journal_open_in_another_window_is_offered_read_only() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = harness(dir.path());
    first.get_all_by_label("[R] Roll").next().unwrap().click();
    first.run();
    let journal = first.state().game().unwrap().journal_path().unwrap();
    // A second window, on the same data, resumes the last battle.
    let mut second = harness(dir.path());
    second.get_by_label("Resume").click();
    second.run();
    assert!(
        second.state().banner().unwrap().contains("another window"),
        "{:?}",
        second.state().banner()
    );
    second.get_by_label("Open read-only").click();
    second.run();
    let game = second.state().game().unwrap();
    assert_eq!(game.journal_path().as_deref(), Some(journal.as_path()));
    assert!(game.read_only().is_some());
    second.get_by_label("READ-ONLY");
}
