#define N 256

// y = A^T x, walking A column by column: the inner loop strides by N.
void kernel(double A[N][N], double x[N], double y[N]) {
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      y[j] += A[i][j] * x[i];
}
