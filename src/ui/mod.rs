//! The desktop app (being written on the `ui` branch).

/// Starts the desktop app.
///
/// # Errors
/// The window could not be opened.
pub fn run_app() -> anyhow::Result<()> {
    anyhow::bail!("the desktop app is not built yet")
}
