//! The games' shipped data: parsed and validated once per process, then shared by each thread's games
//! through that thread's own copy. A simulator starts games on every core all the time, and one shared
//! count of owners would bounce between the cores' caches at every game's start and end.

use std::cell::OnceCell;
use std::sync::{Arc, OnceLock};
use std::thread::LocalKey;

/// This thread's copy of the data `parse` reads once per process into `parsed`; `mine` is the calling
/// game's thread-local cell for it. A failed parse is the same message on every call.
pub(crate) fn this_threads<T: Clone>(
    parsed: &'static OnceLock<Result<T, String>>,
    mine: &'static LocalKey<OnceCell<Arc<T>>>,
    parse: impl FnOnce() -> Result<T, String>,
) -> Result<Arc<T>, String> {
    let shipped = parsed.get_or_init(parse).as_ref().map_err(Clone::clone)?;
    Ok(mine.with(|cell| Arc::clone(cell.get_or_init(|| Arc::new(shipped.clone())))))
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static MINE: OnceCell<Arc<Vec<u32>>> = const { OnceCell::new() };
        static BROKEN_MINE: OnceCell<Arc<Vec<u32>>> = const { OnceCell::new() };
    }

    /// One parse per process, one copy per thread: a thread's games share its copy, another thread gets
    /// an equal copy of its own, and a parse that failed fails the same way everywhere.
    #[test]
    fn each_thread_shares_its_own_copy_of_one_parse() {
        static PARSED: OnceLock<Result<Vec<u32>, String>> = OnceLock::new();
        static PARSES: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let get = || {
            this_threads(&PARSED, &MINE, || {
                PARSES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                Ok(vec![1, 2, 3])
            })
        };
        let (a, b) = (get().unwrap(), get().unwrap());
        assert!(Arc::ptr_eq(&a, &b), "one copy on this thread");
        let other = std::thread::scope(|s| s.spawn(get).join().unwrap().unwrap());
        assert!(!Arc::ptr_eq(&a, &other), "another thread's own copy");
        assert_eq!(a, other);
        assert_eq!(
            PARSES.load(std::sync::atomic::Ordering::Relaxed),
            1,
            "parsed once"
        );

        static BROKEN: OnceLock<Result<Vec<u32>, String>> = OnceLock::new();
        let broken = || this_threads(&BROKEN, &BROKEN_MINE, || Err("bad file".to_string()));
        assert_eq!(broken(), Err("bad file".to_string()));
        assert_eq!(
            std::thread::scope(|s| s.spawn(broken).join().unwrap()),
            Err("bad file".to_string())
        );
    }
}
