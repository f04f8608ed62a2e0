//! Sensuikan charts: the reconstructed player-aid tables (A, B, T, M, P, K, F, H).
