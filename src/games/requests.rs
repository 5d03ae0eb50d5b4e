//! How a game's D-Bus interface reaches its page: zbus serves the calls on
//! its own executor, and each becomes a request sent through a channel to
//! the GTK main thread, which answers on a channel of its own.

/// Where the main thread answers one request.
pub type Reply<T, E> = async_channel::Sender<Result<T, E>>;

/// Sends the request `make` builds to the main thread and waits for its
/// answer; `failed` names the error when the app shuts down meanwhile.
pub async fn ask<R, T, E>(
    requests: &async_channel::Sender<R>,
    make: impl FnOnce(Reply<T, E>) -> R,
    failed: fn(String) -> E,
) -> Result<T, E> {
    let (tx, rx) = async_channel::bounded(1);
    requests
        .send(make(tx))
        .await
        .map_err(|_| failed("the app is shutting down".into()))?;
    rx.recv()
        .await
        .map_err(|_| failed("the app did not answer".into()))?
}
